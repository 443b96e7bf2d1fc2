import { Injectable, type Type } from '@nestjs/common';
import { ContextIdFactory, ExternalContextCreator, ModuleRef } from '@nestjs/core';
import type { ExternalContextOptions } from '@nestjs/core/helpers/external-context-creator.js';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { MCP_PARAM_ARGS_METADATA } from './mcp-param-type.enum.js';
import { McpParamsFactory } from './mcp-params.factory.js';
import { runWithMcpContext } from './current-mcp-context.js';
import { withMetadataOf, wrapHandlerCallback } from './handler-callback.wrapper.js';
import { McpArgIndex, pipelineArgs } from './mcp-pipeline-args.js';

type Method = (...args: unknown[]) => unknown;
type Host = Record<string, Method>;

const FULL_PIPELINE: ExternalContextOptions = { guards: true, interceptors: true, filters: true };
const GUARDS_ONLY: ExternalContextOptions = { guards: true, interceptors: false, filters: false };

/**
 * The method as the pipeline calls it. With decorated parameters Nest builds its arguments from
 * them; otherwise it passes the pipeline's own `[request, response, args, ctx]`, which an
 * undecorated handler receives as `(args, ctx)`.
 */
function handlerArgsOf(instance: Host, methodName: string): Method {
  const method = instance[methodName];
  if (Reflect.getMetadata(MCP_PARAM_ARGS_METADATA, instance.constructor, methodName)) return method;
  return withMetadataOf(method, function (this: unknown, ...args: unknown[]) {
    return method.apply(this, [args[McpArgIndex.Args], args[McpArgIndex.Context]]);
  });
}

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
    return this.build(wrapper, methodName, (method) => wrapHandlerCallback(method), FULL_PIPELINE);
  }

  /**
   * Builds a check that runs only the guards of `methodName` (for hiding primitives from list
   * results): resolves true when every guard allows the caller, false when one denies or throws.
   */
  createGuardCheck(
    wrapper: InstanceWrapper,
    methodName: string,
  ): (ctx: McpContext) => Promise<boolean> {
    const check = this.build(
      wrapper,
      methodName,
      (method) => withMetadataOf(method, () => true),
      GUARDS_ONLY,
    );
    return (ctx) =>
      check(undefined, ctx).then(
        () => true,
        () => false,
      );
  }

  private build(
    wrapper: InstanceWrapper,
    methodName: string,
    callbackOf: (method: Method) => Method,
    options: ExternalContextOptions,
  ): McpInvokable {
    // Transient hosts have no usable static instance: they are resolved per call, like request scope.
    if (wrapper.isDependencyTreeStatic() && !wrapper.isTransient) {
      const fn = this.wrap(wrapper.instance as Host, methodName, callbackOf, options);
      return (first, ctx) => runWithMcpContext(ctx, () => fn(...pipelineArgs(first, ctx)));
    }
    const type = wrapper.metatype as Type<unknown>;
    return async (first, ctx) => {
      const request = (ctx.transport.raw as object | undefined) ?? { mcp: ctx };
      const contextId = ContextIdFactory.getByRequest(request);
      this.moduleRef.registerRequestByContextId(request, contextId);
      const instance = (await this.moduleRef.resolve(type, contextId, { strict: false })) as Host;
      const fn = this.wrap(instance, methodName, callbackOf, options, contextId, wrapper.id);
      return runWithMcpContext(ctx, () => fn(...pipelineArgs(first, ctx)));
    };
  }

  private wrap(
    instance: Host,
    methodName: string,
    callbackOf: (method: Method) => Method,
    options: ExternalContextOptions,
    contextId?: Parameters<ExternalContextCreator['create']>[5],
    inquirerId?: string,
  ): (...args: unknown[]) => Promise<unknown> {
    return this.contextCreator.create(
      instance,
      callbackOf(handlerArgsOf(instance, methodName)),
      methodName,
      MCP_PARAM_ARGS_METADATA,
      this.paramsFactory,
      contextId,
      inquirerId,
      options,
      'mcp',
    );
  }
}
