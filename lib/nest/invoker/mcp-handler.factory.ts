import { Injectable, type Type } from '@nestjs/common';
import { ContextIdFactory, ExternalContextCreator, ModuleRef } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { MCP_PARAM_ARGS_METADATA } from './mcp-param-type.enum.js';
import { McpParamsFactory } from './mcp-params.factory.js';
import { wrapHandlerCallback } from './handler-callback.wrapper.js';

/** A handler as the server core calls it. */
export type McpInvokable = (first: unknown, ctx: McpContext) => Promise<unknown>;

/**
 * Turns a decorated provider method into an MCP handler that runs through Nest's pipeline:
 * guards, interceptors, pipes (on `@McpArgs()` params) and exception filters, method- and
 * class-level and global, with the execution context type `'mcp'`. Static providers are wired once
 * at bootstrap; request-scoped and transient hosts are resolved per call with a context id bound to
 * the call's HTTP request (so `@Inject(REQUEST)` and `req.user` work).
 */
@Injectable()
export class McpHandlerFactory {
  private readonly paramsFactory = new McpParamsFactory();

  constructor(
    private readonly contextCreator: ExternalContextCreator,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Builds the handler of `methodName` on the provider behind `wrapper`. */
  create(wrapper: InstanceWrapper, methodName: string): McpInvokable {
    if (wrapper.isDependencyTreeStatic()) {
      const instance = wrapper.instance as Record<string, (...args: unknown[]) => unknown>;
      const fn = this.wrap(instance, methodName);
      return (first, ctx) => fn(first, ctx);
    }
    const type = wrapper.metatype as Type<unknown>;
    return async (first, ctx) => {
      const request = (ctx.transport.raw as object | undefined) ?? { mcp: ctx };
      const contextId = ContextIdFactory.getByRequest(request);
      this.moduleRef.registerRequestByContextId(request, contextId);
      const instance = (await this.moduleRef.resolve(type, contextId, { strict: false })) as Record<
        string,
        (...args: unknown[]) => unknown
      >;
      return this.wrap(instance, methodName, contextId, wrapper.id)(first, ctx);
    };
  }

  private wrap(
    instance: Record<string, (...args: unknown[]) => unknown>,
    methodName: string,
    contextId?: Parameters<ExternalContextCreator['create']>[5],
    inquirerId?: string,
  ): (...args: unknown[]) => Promise<unknown> {
    return this.contextCreator.create(
      instance,
      wrapHandlerCallback(instance[methodName]),
      methodName,
      MCP_PARAM_ARGS_METADATA,
      this.paramsFactory,
      contextId,
      inquirerId,
      { guards: true, interceptors: true, filters: true },
      'mcp',
    );
  }
}
