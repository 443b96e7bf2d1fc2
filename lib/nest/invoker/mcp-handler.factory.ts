import { Inject, Injectable, type OnModuleDestroy, type Type } from '@nestjs/common';
import { ContextIdFactory, ExternalContextCreator, ModuleRef } from '@nestjs/core';
import type {
  ExternalContextOptions,
  ParamsFactory,
} from '@nestjs/core/helpers/external-context-creator.js';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { MCP_PARAM_ARGS_METADATA } from './mcp-param-type.enum.js';
import { McpParamsFactory } from './mcp-params.factory.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';
import { MCP_MODULE_OPTIONS } from '../mcp.module-definition.js';
import { contextSlot, releaseContextToken, type ContextSlot } from './context-param.js';
import {
  keepsCurrentContext,
  registerContextKeeping,
  withCurrentContext,
} from './current-mcp-context.js';
import {
  unwrapIntrinsic,
  withMetadataOf,
  wrapHandlerCallback,
} from './handler-callback.wrapper.js';
import { McpArgIndex, pipelineArgs } from './mcp-pipeline-args.js';
import { directPipeline } from './direct-pipeline.js';
import { runsEnhancers } from './pipeline-enhancers.js';

type Method = (...args: unknown[]) => unknown;
type Host = Record<string, Method>;

const FULL_PIPELINE: ExternalContextOptions = { guards: true, interceptors: true, filters: true };
const GUARDS_ONLY: ExternalContextOptions = { guards: true, interceptors: false, filters: false };
/** A metadata key no parameter has: a guard check builds no parameters, so it runs no pipes. */
const NO_PARAMS = 'nestjs-mcp:no-params';

/**
 * How one kind of handler runs through the pipeline: which parameter metadata and factory give
 * its arguments, which enhancers run, the callable the pipeline wraps, and the pipeline's
 * arguments for a call (what `switchToHttp()` and `McpExecutionContext` read).
 */
export interface McpPipelineSpec {
  readonly metadataKey: string;
  readonly paramsFactory: ParamsFactory;
  readonly options: ExternalContextOptions;
  /**
   * The callable the pipeline wraps; `slot` says where the call's context is among its arguments,
   * `ambient` that the callable itself runs inside the current-context storage (`inCurrentContext`).
   */
  readonly callbackOf: (
    instance: Host,
    methodName: string,
    slot: ContextSlot,
    ambient: boolean,
  ) => Method;
  readonly argsOf: (first: unknown, ctx: McpContext) => unknown[];
  /** The host is a controller (a route tool), not a provider. */
  readonly controller?: boolean;
}

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

/**
 * Nest's context creator looks a host's module up among module providers only, so a controller's
 * module (and with it its class-referenced guards, interceptors and pipes) would not be found.
 * This view of it also looks among module controllers; everything else is the shared creator.
 */
function withControllerHosts(creator: ExternalContextCreator): ExternalContextCreator {
  const modules = Reflect.get(creator, 'modulesContainer') as Map<
    string,
    { controllers: Map<unknown, unknown> }
  >;
  const providerModuleKey = creator.getContextModuleKey.bind(creator);
  return Object.create(creator, {
    getContextModuleKey: {
      value(classRef: Parameters<ExternalContextCreator['getContextModuleKey']>[0]): string {
        for (const [key, module] of modules) if (module.controllers.has(classRef)) return key;
        return providerModuleKey(classRef);
      },
    },
  }) as ExternalContextCreator;
}

/**
 * A call whose pipeline rejected: a hidden context token its handler never took is released (a
 * pipe refused an argument first), and an intrinsic exception gives back what it carries.
 */
function failed(ctx: McpContext, error: unknown): never {
  releaseContextToken(ctx);
  return unwrapIntrinsic(error);
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
export class McpHandlerFactory implements OnModuleDestroy {
  private readonly mcpSpec: McpPipelineSpec = {
    metadataKey: MCP_PARAM_ARGS_METADATA,
    paramsFactory: new McpParamsFactory(),
    options: FULL_PIPELINE,
    callbackOf: (instance, methodName, slot, ambient) =>
      wrapHandlerCallback(handlerArgsOf(instance, methodName), slot, ambient),
    argsOf: pipelineArgs,
  };

  /** Nest's context creator, finding the module of a controller host as well (route tools). */
  private readonly controllerContextCreator: ExternalContextCreator;

  /** Whether calls run inside the current-context storage (the module's `asyncContext`). */
  private readonly keepContext: boolean;
  private readonly releaseContextKeeping: () => void;

  constructor(
    private readonly contextCreator: ExternalContextCreator,
    private readonly moduleRef: ModuleRef,
    @Inject(MCP_MODULE_OPTIONS) options: Pick<McpModuleOptions, 'asyncContext'>,
  ) {
    this.controllerContextCreator = withControllerHosts(contextCreator);
    this.keepContext = keepsCurrentContext(options);
    this.releaseContextKeeping = registerContextKeeping(this.keepContext);
  }

  /** Stops counting this module for `getCurrentMcpContext()` (see `registerContextKeeping`). */
  onModuleDestroy(): void {
    this.releaseContextKeeping();
  }

  /** Builds the handler of `methodName` on the provider behind `wrapper`. */
  create(wrapper: InstanceWrapper, methodName: string, spec = this.mcpSpec): McpInvokable {
    return this.build(wrapper, methodName, spec);
  }

  /**
   * Builds a check that runs only the guards of `methodName` (for hiding primitives from list
   * results): resolves true when every guard allows the caller, false when one denies or throws.
   * `spec` says what the guards see (default: as for an MCP handler).
   */
  createGuardCheck(
    wrapper: InstanceWrapper,
    methodName: string,
    spec: McpPipelineSpec = this.mcpSpec,
  ): (ctx: McpContext) => Promise<boolean> {
    const guard = this.createGuard(wrapper, methodName, spec);
    return (ctx) =>
      guard(ctx).then(
        () => true,
        () => false,
      );
  }

  /**
   * Builds a run of the guards of `methodName` alone that rejects with what a denying guard
   * threw (`ForbiddenException` when it returned false): a skill's `guard`.
   */
  createGuard(
    wrapper: InstanceWrapper,
    methodName: string,
    spec: McpPipelineSpec = this.mcpSpec,
  ): (ctx: McpContext) => Promise<unknown> {
    const check = this.build(wrapper, methodName, {
      ...spec,
      metadataKey: NO_PARAMS,
      options: GUARDS_ONLY,
      callbackOf: (instance) => withMetadataOf(instance[methodName], () => true),
    });
    return (ctx) => check(undefined, ctx);
  }

  private build(wrapper: InstanceWrapper, methodName: string, spec: McpPipelineSpec): McpInvokable {
    const type = wrapper.metatype as Type<unknown>;
    // Transient hosts have no usable static instance: they are resolved per call, like request scope.
    const isStatic = wrapper.isDependencyTreeStatic() && !wrapper.isTransient;
    // Decided once per handler: where its pipeline callback finds the call's context. A static
    // host's class is its instance's (a factory provider's metatype is the factory).
    const hostClass = isStatic ? (wrapper.instance as object).constructor : type;
    const slot = contextSlot(hostClass, methodName, spec.metadataKey, this.keepContext);
    if (isStatic) {
      const instance = wrapper.instance as Host;
      const creator = this.creatorOf(spec);
      // A pipeline that runs no app code but the method (no guard, interceptor, filter, nor a
      // parameter for pipes) keeps the storage around the method alone: on Node 20 and 22 its
      // async hooks then skip the pipeline's own promises (about 45k instructions per call).
      // Such a pipeline's layers do nothing either, so the method is called without them.
      const plain =
        slot.kind === 'pipeline' &&
        !runsEnhancers(creator, instance, instance[methodName], spec.options);
      const ambient = this.keepContext && plain;
      const callback = spec.callbackOf(instance, methodName, slot, ambient);
      // A plain pipeline has no hidden token (its slot is the pipeline's arguments) and runs
      // outside the storage's own wrapper (ambient), so it settles its errors itself.
      const direct = plain
        ? directPipeline(creator, instance, callback, spec.options, 'mcp', unwrapIntrinsic)
        : undefined;
      if (direct) return (first, ctx) => direct(spec.argsOf(first, ctx));
      const call = this.pipelineOf(instance, methodName, spec, slot, callback);
      const run = withCurrentContext(this.keepContext && !ambient, call);
      // Only a hidden token can be left behind; other handlers get no closure per call.
      if (slot.kind !== 'token') return (first, ctx) => run(first, ctx).catch(unwrapIntrinsic);
      return (first, ctx) => run(first, ctx).catch((error: unknown) => failed(ctx, error));
    }
    return async (first, ctx) => {
      const request = (ctx.transport.raw as object | undefined) ?? { mcp: ctx };
      const contextId = ContextIdFactory.getByRequest(request);
      this.moduleRef.registerRequestByContextId(request, contextId);
      const instance = (await this.moduleRef.resolve(type, contextId, { strict: false })) as Host;
      const callback = spec.callbackOf(instance, methodName, slot, false);
      const call = this.pipelineOf(
        instance,
        methodName,
        spec,
        slot,
        callback,
        contextId,
        wrapper.id,
      );
      const running = withCurrentContext(this.keepContext, call)(first, ctx);
      if (slot.kind !== 'token') return running.catch(unwrapIntrinsic);
      return running.catch((error: unknown) => failed(ctx, error));
    };
  }

  private creatorOf(spec: McpPipelineSpec): ExternalContextCreator {
    return spec.controller ? this.controllerContextCreator : this.contextCreator;
  }

  /** The method inside Nest's external-context pipeline, as the invoker calls it. */
  private pipelineOf(
    instance: Host,
    methodName: string,
    spec: McpPipelineSpec,
    slot: ContextSlot,
    callback: Method,
    contextId?: Parameters<ExternalContextCreator['create']>[5],
    inquirerId?: string,
  ): McpInvokable {
    const fn = this.creatorOf(spec).create(
      instance,
      callback,
      methodName,
      slot.metadataKey,
      spec.paramsFactory,
      contextId,
      inquirerId,
      spec.options,
      'mcp',
    ) as (...args: unknown[]) => Promise<unknown>;
    return (first, ctx) => fn(...spec.argsOf(first, ctx));
  }
}
