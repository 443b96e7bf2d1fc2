import type { ParamData } from '@nestjs/common';
import type { ParamsFactory } from '@nestjs/core/helpers/external-context-creator.js';
import { RouteParamsFactory } from '@nestjs/core/router/route-params-factory.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { pipelineArgs } from '../invoker/mcp-pipeline-args.js';
import type { RouteRequestParts, RouteToolArguments } from './route-tool-arguments.js';

/**
 * The request a route sees when it runs as a tool: the request that carried the call (headers,
 * `user`, ip, session: what guards and `@Req()` read), with `body`, `query` and `params` made of
 * the tool's arguments. A fresh object per call, whose prototype is that request, so a guard
 * setting `req.user` sets it for this call only.
 */
export function routeRequest(base: object, parts: RouteRequestParts): object {
  const own = (value: unknown) => ({ value, enumerable: true, writable: true, configurable: true });
  return Object.create(base, {
    body: own(parts.body),
    query: own(parts.query),
    params: own(parts.params),
  }) as object;
}

/**
 * The pipeline arguments of a route tool call: `[request, response, args, ctx]` as for any MCP
 * handler (so `switchToHttp()` and `McpExecutionContext` work), the request being
 * {@link routeRequest}.
 */
export function routeToolPipelineArgs(
  plan: RouteToolArguments,
): (args: unknown, ctx: McpContext) => unknown[] {
  return (args, ctx) => {
    const pipeline = pipelineArgs(args, ctx);
    pipeline[0] = routeRequest(pipeline[0] as object, plan.split(args as Record<string, unknown>));
    return pipeline;
  };
}

/**
 * Resolves a route's own parameter decorators (`@Body`, `@Query`, `@Param`, `@Req`, `@Headers`,
 * `@Ip` ...) from a route tool call with Nest's own `RouteParamsFactory`, so they read what they
 * read over HTTP.
 */
export class RouteToolParamsFactory implements ParamsFactory {
  private readonly route = new RouteParamsFactory();

  exchangeKeyForValue(type: number, data: ParamData, args: unknown[]): unknown {
    return this.route.exchangeKeyForValue(
      type,
      data as string,
      {
        req: args[0],
        res: args[1],
        next: undefined,
      } as never,
    );
  }
}
