import type { McpHttpAuth } from '../../client/auth/http-auth.interface.js';
import type { ClientTransport } from '../../client/client-transport.interface.js';
import { createStreamableHttpTransportWithFallback } from '../../transports/http/client/legacy-fallback.transport.js';
import { SseClientTransport } from '../../transports/sse/sse-client.transport.js';
import { StdioClientTransport } from '../../transports/stdio/stdio-client.transport.js';
import { WebSocketClientTransport } from '../../transports/websocket/websocket-client.transport.js';
import type { Target } from './parse-target.js';

/** What the transports take from the command line besides the target. */
export interface TransportSettings {
  /** HTTP headers (`-H "Name: value"`) for HTTP, SSE and the WebSocket handshake. */
  headers: Record<string, string>;
  /** OAuth of the HTTP and SSE transports (`--oauth`), one for the whole run. */
  auth?: McpHttpAuth | undefined;
  /** Extra environment of a launched server (`-e KEY=VALUE`). */
  env: Record<string, string>;
  /** Working directory of a launched server. */
  cwd?: string | undefined;
  /** Where a launched server's stderr goes: shown (`-v`) or dropped. */
  stderr: 'pipe' | 'ignore';
}

/** A description of the transport for messages: "Streamable HTTP", "stdio", ... */
export function transportName(target: Target): string {
  return {
    http: 'Streamable HTTP, legacy HTTP+SSE fallback',
    sse: 'legacy HTTP+SSE',
    ws: 'WebSocket',
    stdio: 'stdio',
  }[target.kind];
}

/** Builds the client transport for `target` (a fresh one per call). */
export function createTransport(target: Target, settings: TransportSettings): ClientTransport {
  switch (target.kind) {
    case 'http':
      return createStreamableHttpTransportWithFallback(target.url, {
        headers: settings.headers,
        ...(settings.auth && { auth: settings.auth }),
        legacyTransport: (url) =>
          new SseClientTransport(url, { headers: settings.headers, auth: settings.auth }),
      });
    case 'sse':
      return new SseClientTransport(target.url, { headers: settings.headers, auth: settings.auth });
    case 'ws':
      return new WebSocketClientTransport(target.url, { headers: settings.headers });
    case 'stdio':
      return new StdioClientTransport({
        command: target.command,
        args: target.args,
        env: settings.env,
        ...(settings.cwd ? { cwd: settings.cwd } : {}),
        stderr: settings.stderr,
      });
  }
}
