import { Inject, Injectable, Logger, RequestMethod, type OnModuleInit } from '@nestjs/common';
import {
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
  SSE_METADATA,
} from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import { McpServer } from '../../server/mcp-server.js';
import type { StandardJsonSchema } from '../../server/schema/standard-schema.js';
import type { JsonSchema } from '../../server/schema/json-schema.interface.js';
import type { McpRouteToolOptions } from '../decorators/route-tool.decorator.js';
import { wrapHandlerCallback } from '../invoker/handler-callback.wrapper.js';
import { McpHandlerFactory, type McpPipelineSpec } from '../invoker/mcp-handler.factory.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';
import { MCP_ROUTE_TOOL_METADATA } from '../mcp.constants.js';
import { MCP_MODULE_OPTIONS } from '../mcp.module-definition.js';
import { routeToolArguments } from './route-tool-arguments.js';
import { RouteToolParamsFactory, routeToolPipelineArgs } from './route-tool-params.factory.js';

type Method = (...args: unknown[]) => unknown;
type Controller = abstract new (...args: never[]) => unknown;

/** Route tools run guards, interceptors and pipes; not the route's exception filters, which write HTTP responses. */
const ROUTE_PIPELINE = { guards: true, interceptors: true, filters: false };
const API_OPERATION = 'swagger/apiOperation';

/** The listed schema of a route tool; arguments reach the route unchecked, its own pipes judge them. */
function routeInputSchema(schema: JsonSchema): StandardJsonSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'nestjs-mcp-route',
      validate: (value) => ({ value }),
      jsonSchema: { input: () => schema },
    },
  };
}

/**
 * Registers controller routes as tools: those marked `@RouteTool()` and those listed in the module
 * option `routeTools` (of the modules in `include`, or the whole app). Each runs through the
 * route's guards, interceptors and pipes with the context type `'mcp'`. A route that cannot be a
 * tool, or a `routeTools` entry naming no route, fails bootstrap naming `Class#method`.
 */
@Injectable()
export class McpRouteToolExplorer implements OnModuleInit {
  private readonly logger = new Logger('McpRouteToolExplorer');
  private readonly paramsFactory = new RouteToolParamsFactory();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly server: McpServer,
    private readonly handlers: McpHandlerFactory,
    @Inject(MCP_MODULE_OPTIONS) private readonly options: McpModuleOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const { include, routeTools = [] } = this.options;
    const pending = new Set(routeTools);
    let count = 0;
    for (const wrapper of this.discovery.getControllers(include ? { include } : {})) {
      const type = wrapper.metatype as Controller | undefined;
      if (!type || wrapper.isNotMetatype) continue;
      for (const methodName of this.scanner.getAllMethodNames(type.prototype as object)) {
        const method = (type.prototype as Record<string, Method>)[methodName];
        const listed = routeTools.find((r) => r.controller === type && r.method === methodName);
        const decorated = Reflect.getMetadata(MCP_ROUTE_TOOL_METADATA, method) as
          McpRouteToolOptions | undefined;
        if (!listed && !decorated) continue;
        if (listed) pending.delete(listed);
        const { controller: _c, method: _m, ...fromList } = listed ?? { controller: 0, method: 0 };
        await this.register(wrapper, type, methodName, { ...fromList, ...decorated });
        count++;
      }
    }
    for (const ref of pending) {
      throw new Error(
        `routeTools: ${ref.controller.name}#${ref.method} is not a route of a controller ` +
          `of this app${include ? ' (in the modules of include)' : ''}`,
      );
    }
    if (count > 0) this.logger.log(`Registered ${count} routes as tools`);
  }

  private async register(
    wrapper: InstanceWrapper,
    type: Controller,
    methodName: string,
    options: McpRouteToolOptions,
  ): Promise<void> {
    const origin = `${type.name}#${methodName}`;
    const method = (type.prototype as Record<string, Method>)[methodName];
    const requestMethod = Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod | undefined;
    if (requestMethod === undefined || Reflect.getMetadata(PATH_METADATA, method) === undefined) {
      throw new Error(
        `${origin}: not a route handler (@Get, @Post ...), so it cannot be a route tool; use @Tool on providers`,
      );
    }
    if (Reflect.getMetadata(SSE_METADATA, method)) {
      throw new Error(`${origin}: an @Sse() route streams events, so it cannot be a tool`);
    }
    const plan = await routeToolArguments(type, methodName, origin);
    const spec: McpPipelineSpec = {
      metadataKey: ROUTE_ARGS_METADATA,
      paramsFactory: this.paramsFactory,
      options: ROUTE_PIPELINE,
      callbackOf: (instance, name, slot, ambient) =>
        wrapHandlerCallback(instance[name], slot, ambient),
      argsOf: routeToolPipelineArgs(plan),
      controller: true,
    };
    const handler = this.handlers.create(wrapper, methodName, spec);
    const visible = this.options.hideDeniedFromLists
      ? this.handlers.createGuardCheck(wrapper, methodName, spec)
      : undefined;
    this.server.registerTool(
      {
        ...options,
        name: options.name ?? methodName,
        description: options.description ?? describeRoute(type, method, requestMethod),
        inputSchema: routeInputSchema(plan.schema),
        ...(visible && { visible }),
        origin,
      },
      handler as never,
    );
  }
}

/** `@ApiOperation`'s description or summary, else `"POST /users/:id"`. */
function describeRoute(type: Controller, method: Method, requestMethod: RequestMethod): string {
  const operation = Reflect.getMetadata(API_OPERATION, method) as
    { description?: string; summary?: string } | undefined;
  if (operation?.description ?? operation?.summary)
    return (operation.description ?? operation.summary)!;
  const paths = [
    Reflect.getMetadata(PATH_METADATA, type),
    Reflect.getMetadata(PATH_METADATA, method),
  ]
    .flat()
    .map((p) => String(p ?? '').replace(/^\/+|\/+$/g, ''))
    .filter(Boolean);
  return `${RequestMethod[requestMethod]} /${paths.join('/')}`;
}
