import type { McpBrokerEndpoint } from '../../transports/broker/broker-options.interface.js';

/**
 * One server launched as a child process and spoken to over stdio, written the way desktop
 * clients (Claude Desktop, Cursor, VS Code) configure it.
 */
export interface McpStdioServerConfig {
  /** `'stdio'` (optional: an entry with `command` is a stdio server). */
  type?: 'stdio' | undefined;
  /** Executable to run (looked up on `PATH`, no shell). */
  command: string;
  /** Its arguments. */
  args?: readonly string[] | undefined;
  /**
   * Environment variables, merged over a small safe subset of this process's environment
   * (`PATH`, `HOME`, ...; never its secrets).
   */
  env?: Readonly<Record<string, string>> | undefined;
  /** Working directory of the child. Default: this process's. */
  cwd?: string | undefined;
  /** Leave this server out (kept in the file, not started). Default `false`. */
  disabled?: boolean | undefined;
}

/** The client transports a remote server can be reached over. */
export type McpRemoteTransportKind = 'streamable-http' | 'sse' | 'websocket';

/**
 * One remote server reached by URL: Streamable HTTP (default for `http(s):`), the legacy
 * HTTP+SSE transport, or WebSocket (default for `ws(s):`).
 */
export interface McpRemoteServerConfig {
  /**
   * Desktop-client spelling of the transport: `'http'`/`'streamable-http'`, `'sse'`,
   * `'websocket'`/`'ws'`. `transport` wins when both are given.
   */
  type?: 'http' | 'streamable-http' | 'sse' | 'websocket' | 'ws' | undefined;
  /** The server's endpoint (`http(s):` or `ws(s):`). */
  url: string;
  /** Extra request headers (an `Authorization` token, ...). */
  headers?: Readonly<Record<string, string>> | undefined;
  /** The transport. Default: from `type`, else `'websocket'` for `ws(s):` URLs, else `'streamable-http'`. */
  transport?: McpRemoteTransportKind | undefined;
  /** Leave this server out. Default `false`. */
  disabled?: boolean | undefined;
}

/**
 * One service reached over a message broker instead of a URL: its MCP endpoint on a NATS subject
 * (a queue group of replicas) or a RabbitMQ work queue, served by `McpMicroserviceServer`.
 * Both eras: a 2025-era session lives on the replica that opened it.
 */
export interface McpBrokerServerConfig {
  /** The broker address of the service: `{ nats: { servers, subject } }` or `{ rabbitmq: { url, queue } }`. */
  transport: McpBrokerEndpoint;
  /** Fail a request after this long without a keep-alive or answer (ms). Default 10 000. */
  livenessMs?: number | undefined;
  /** Leave this server out. Default `false`. */
  disabled?: boolean | undefined;
}

/** One entry of the `mcpServers` map: a stdio command, a remote URL or a broker address. */
export type McpServerConfig = McpStdioServerConfig | McpRemoteServerConfig | McpBrokerServerConfig;

/**
 * The `mcpServers` map as desktop clients write it: server name → how to reach it. The names
 * prefix the aggregated tools and prompts (see `McpNamespaceOptions`), so they are 1-64
 * characters of `A-Z a-z 0-9 _ - .`.
 * @example
 * ```json
 * { "mcpServers": {
 *     "files":   { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
 *     "weather": { "url": "https://weather.example.com/mcp", "headers": { "Authorization": "Bearer …" } } } }
 * ```
 */
export interface McpServersConfig {
  /** Servers by name, in the order their items are listed (and win URI collisions). */
  mcpServers: Readonly<Record<string, McpServerConfig>>;
}
