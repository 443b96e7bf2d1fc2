import { Inject, Injectable, type CanActivate } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { ExternalContextCreator } from '@nestjs/core';
import type { ExternalContextOptions } from '@nestjs/core/helpers/external-context-creator.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { withCurrentContext } from '../invoker/current-mcp-context.js';
import { wrapHandlerCallback } from '../invoker/handler-callback.wrapper.js';
import type { McpInvokable } from '../invoker/mcp-handler.factory.js';
import { MCP_PARAM_ARGS_METADATA } from '../invoker/mcp-param-type.enum.js';
import { McpParamsFactory } from '../invoker/mcp-params.factory.js';
import { McpArgIndex, pipelineArgs } from '../invoker/mcp-pipeline-args.js';
import { MCP_GATEWAY_TARGET, type McpGatewayTarget } from './mcp-gateway-target.js';

/** The token of the gateway's guard instances. */
export const MCP_GATEWAY_GUARDS = 'nestjs-mcp:McpGatewayGuards';

/** What a forwarded call does once the pipeline let it through. */
export type GatewayForward = (first: unknown, ctx: McpContext) => Promise<unknown>;

const FULL_PIPELINE: ExternalContextOptions = { guards: true, interceptors: true, filters: true };
const GUARDS_ONLY: ExternalContextOptions = { guards: true, interceptors: false, filters: false };

/**
 * The host the gateway's handlers belong to in Nest's eyes (so global guards, interceptors and
 * filters apply to them, in this module's context).
 */
@Injectable()
export class McpGatewayHandlers {
  /** The method every gateway handler stands in for. */
  forward(): void {}
}

/**
 * Runs forwarded calls through Nest's pipeline with the `'mcp'` context: the app's global guards,
 * interceptors and filters, then the gateway's own `guards`. Each handler carries its
 * {@link McpGatewayTarget} as metadata (`getMcpGatewayTarget(context)`). Built once per
 * registration, not per call.
 */
@Injectable()
export class McpGatewayInvoker {
  private readonly params = new McpParamsFactory();

  constructor(
    private readonly contexts: ExternalContextCreator,
    private readonly host: McpGatewayHandlers,
    @Inject(MCP_GATEWAY_GUARDS) private readonly guards: CanActivate[],
  ) {}

  /**
   * The handler of one upstream item: pipeline, then `forward`; inside the current-context
   * storage unless `keepContext` is false (the module's `asyncContext`).
   */
  create(target: McpGatewayTarget, forward: GatewayForward, keepContext = true): McpInvokable {
    const callback = (...args: unknown[]) =>
      forward(args[McpArgIndex.Args], args[McpArgIndex.Context] as McpContext);
    const call = this.build(wrapHandlerCallback(this.tag(target, callback)), FULL_PIPELINE);
    return withCurrentContext(keepContext, call);
  }

  /** A guards-only check of one item (for `hideDeniedFromLists`). */
  createGuardCheck(target: McpGatewayTarget): (ctx: McpContext) => Promise<boolean> {
    const guard = this.createGuard(target);
    return (ctx) =>
      guard(ctx).then(
        () => true,
        () => false,
      );
  }

  /** A guards-only run for one item that rejects with what a denying guard threw. */
  createGuard(target: McpGatewayTarget): (ctx: McpContext) => Promise<unknown> {
    const check = this.build(
      this.tag(target, () => true),
      GUARDS_ONLY,
    );
    return (ctx) => check(undefined, ctx);
  }

  private tag<F extends (...args: never[]) => unknown>(target: McpGatewayTarget, fn: F): F {
    Reflect.defineMetadata(MCP_GATEWAY_TARGET, target, fn);
    if (this.guards.length > 0) Reflect.defineMetadata(GUARDS_METADATA, this.guards, fn);
    Object.defineProperty(fn, 'name', { value: 'forward' });
    return fn;
  }

  private build(
    callback: (...args: unknown[]) => unknown,
    options: ExternalContextOptions,
  ): McpInvokable {
    const fn = this.contexts.create(
      this.host as unknown as Record<string, (...args: unknown[]) => unknown>,
      callback,
      'forward',
      MCP_PARAM_ARGS_METADATA,
      this.params,
      undefined,
      undefined,
      options,
      'mcp',
    );
    return (first, ctx) => fn(...pipelineArgs(first, ctx));
  }
}
