import { StreamableHttpClientTransport } from '../../transports/http/client/streamable-http-client.transport.js';
import { SseClientTransport } from '../../transports/sse/sse-client.transport.js';
import { BrokerClientTransport } from '../../transports/broker/broker-client.transport.js';
import { StdioClientTransport } from '../../transports/stdio/stdio-client.transport.js';
import { WebSocketClientTransport } from '../../transports/websocket/websocket-client.transport.js';
import type { McpHttpAuth } from '../auth/http-auth.interface.js';
import type { ClientTransport } from '../client-transport.interface.js';
import type { ParsedServerConfig } from './parse-servers-config.js';

/**
 * A fresh transport for one connection attempt to a configured server: `StdioClientTransport`
 * for a command, else the remote transport the entry names (Streamable HTTP, legacy SSE,
 * WebSocket) with its headers, and `auth` on the HTTP ones; a broker address gets
 * `BrokerClientTransport`.
 */
export function createServerTransport(
  config: ParsedServerConfig,
  auth?: McpHttpAuth,
): ClientTransport {
  switch (config.kind) {
    case 'stdio':
      return new StdioClientTransport({
        command: config.command,
        args: config.args,
        ...(config.env && { env: { ...config.env } }),
        ...(config.cwd !== undefined && { cwd: config.cwd }),
      });
    case 'streamable-http':
      return new StreamableHttpClientTransport(config.url, {
        ...(config.headers && { headers: { ...config.headers } }),
        ...(auth && { auth }),
      });
    case 'sse':
      return new SseClientTransport(config.url, {
        ...(config.headers && { headers: { ...config.headers } }),
        ...(auth && { auth }),
      });
    case 'broker':
      return BrokerClientTransport.to(config.endpoint, { livenessMs: config.livenessMs });
    case 'websocket':
      return new WebSocketClientTransport(config.url, {
        ...(config.headers && { headers: { ...config.headers } }),
      });
  }
}
