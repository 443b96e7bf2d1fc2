import type { SessionStore } from '../../stores/session-store.interface.js';
import type { McpServer } from '../../server/mcp-server.js';
import { SseHandler } from '../../transports/sse/sse.handler.js';
import { normaliseRoutePath } from '../../transports/shared/route-path.js';
import { resolveStreamableHttpOptions } from '../../transports/http/streamable-http.options.js';
import { pickHostOriginOptions } from '../../transports/shared/host-origin.options.js';
import type { McpResourceServer } from '../auth/mcp-resource-server.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';

/** Where the legacy HTTP+SSE endpoints are mounted (the `sse` extra of `McpModule.forRoot`). */
export interface McpSseExtras {
  /** Path of the SSE stream, relative to the global prefix. Default `'sse'`. */
  path?: string;
  /** Path of the message endpoint, relative to the global prefix. Default `'messages'`. */
  messagesPath?: string;
}

/** The SSE routes to mount, normalised to `/a/b` form. */
export interface ResolvedSseExtras {
  path: string;
  messagesPath: string;
}

/**
 * Reads the `sse` extra: `true` mounts `/sse` + `/messages`, an object overrides either path,
 * `false`/absent mounts nothing (undefined).
 * @throws Error when both paths are the same route.
 */
export function resolveSseExtras(
  sse: boolean | McpSseExtras | undefined,
): ResolvedSseExtras | undefined {
  if (!sse) return undefined;
  const { path = 'sse', messagesPath = 'messages' } = sse === true ? {} : sse;
  const resolved = {
    path: normaliseRoutePath(path),
    messagesPath: normaliseRoutePath(messagesPath),
  };
  if (resolved.path === resolved.messagesPath) {
    throw new Error(
      `McpModule: sse.path and sse.messagesPath must differ (both "${resolved.path}")`,
    );
  }
  return resolved;
}

/**
 * Builds the SseHandler from the module options: keep-alive interval (`keepAliveMs`), size limit
 * (`maxMessageBytes`) and the `Host`/`Origin` checks are shared with Streamable HTTP (deprecated
 * aliases resolved the same way). Paths come from the controller (see `createSseController`).
 */
export function createSseHandler(
  server: McpServer,
  options: McpModuleOptions,
  sessionStore?: SessionStore,
  resourceServer?: McpResourceServer,
): SseHandler {
  const http = resolveStreamableHttpOptions(options);
  return new SseHandler(
    server.core,
    {
      keepAliveMs: http.keepAliveMs,
      maxMessageBytes: http.maxMessageBytes,
      bodyTimeoutMs: http.bodyTimeoutMs,
      maxJsonDepth: http.maxJsonDepth,
      principal: http.principal,
      clientAddress: http.clientAddress,
      ...(resourceServer?.enabled && { authorizeRequests: resourceServer.authorizeRequests }),
      ...pickHostOriginOptions(options),
    },
    sessionStore,
  );
}
