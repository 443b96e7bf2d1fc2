import type { IncomingMessage } from 'node:http';
import type { McpContext } from '../../server/context/mcp-context.js';
import { principalFromUser } from '../../transports/shared/http/principal.js';

/** The MCP facts a throttler tracker may key on. */
export interface McpThrottleFacts {
  /** The authenticated principal (from `req.user`: `sub`, `id`, ...), if any. */
  readonly principal?: string;
  /** The 2025 session id, if any. */
  readonly sessionId?: string;
  /** The client's address (HTTP, WebSocket). */
  readonly ip?: string;
  /** `tools/call`, `prompts/get`, `resources/read`. */
  readonly method: string;
}

/**
 * The request object `McpThrottlerGuard` hands to throttler in the `'mcp'` context: `headers`,
 * `user` and `ip` as on an HTTP request (so `ignoreUserAgents` and custom `getTracker` options
 * work), plus `mcp` with the facts to track by.
 */
export interface McpThrottleRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly user?: unknown;
  readonly ip?: string;
  readonly mcp: McpThrottleFacts;
}

/** Builds the throttle request of one MCP call from its pipeline arguments. */
export function mcpThrottleRequest(request: unknown, ctx: McpContext): McpThrottleRequest {
  const http = (request ?? { headers: {} }) as IncomingMessage & { user?: unknown; ip?: string };
  const principal = principalFromUser(http);
  const ip = http.ip ?? ctx.transport.remoteAddress ?? http.socket?.remoteAddress;
  const sessionId = ctx.session?.id;
  return {
    headers: http.headers ?? {},
    user: http.user,
    ...(ip !== undefined && { ip }),
    mcp: {
      method: ctx.method,
      ...(principal !== undefined && { principal }),
      ...(sessionId !== undefined && { sessionId }),
      ...(ip !== undefined && { ip }),
    },
  };
}

/**
 * The default tracker of an MCP call: the principal when the caller is authenticated, else the
 * 2025 session, else the address, else one shared bucket (stdio: the connection is one client).
 */
export function mcpTracker(facts: McpThrottleFacts): string {
  if (facts.principal !== undefined) return `principal:${facts.principal}`;
  if (facts.sessionId !== undefined) return `session:${facts.sessionId}`;
  if (facts.ip !== undefined) return `ip:${facts.ip}`;
  return 'local';
}
