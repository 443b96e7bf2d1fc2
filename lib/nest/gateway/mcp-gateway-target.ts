import type { ExecutionContext } from '@nestjs/common';

/** Metadata key of the upstream item a gateway handler forwards to. */
export const MCP_GATEWAY_TARGET = 'nestjs-mcp:gateway-target';

/** What a gateway call forwards to (readable in guards and interceptors). */
export interface McpGatewayTarget {
  /**
   * `'tool'`, `'prompt'`, `'resource'`, `'resourceTemplate'` or `'skill'` (`skills/get` and the
   * reads of its files; `name` is the URI of the `SKILL.md` the gateway serves).
   */
  readonly kind: 'tool' | 'prompt' | 'resource' | 'resourceTemplate' | 'skill';
  /** The upstream server's key in `mcpServers`. */
  readonly server: string;
  /** The name (or URI / URI template) the gateway exposes. */
  readonly name: string;
  /** Its name (or URI / URI template) on the upstream server. */
  readonly upstreamName: string;
}

/**
 * The upstream item behind a gateway call, from a guard's or interceptor's execution context;
 * `undefined` for any other handler (a local `@Tool`, a REST route).
 * @example
 * ```ts
 * canActivate(context: ExecutionContext) {
 *   const target = getMcpGatewayTarget(context);
 *   return target?.server !== 'admin' || isAdmin(context);
 * }
 * ```
 */
export function getMcpGatewayTarget(
  context: Pick<ExecutionContext, 'getHandler'>,
): McpGatewayTarget | undefined {
  return Reflect.getMetadata(MCP_GATEWAY_TARGET, context.getHandler()) as
    McpGatewayTarget | undefined;
}
