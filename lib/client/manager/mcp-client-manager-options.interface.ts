import type { McpHttpAuth } from '../auth/http-auth.interface.js';
import type { ClientTransport } from '../client-transport.interface.js';
import type { McpClientOptions } from '../mcp-client-options.interface.js';
import type { McpServerConfig, McpServersConfig } from './mcp-servers-config.interface.js';

/**
 * How names from two servers are kept apart in the aggregate (tools and prompts; resources and
 * templates keep their URIs):
 * - `'prefix-always'` (default): every name is prefixed with its server (`weather__forecast`), so
 *   names never shift when a server joins or leaves;
 * - `'prefix-on-collision'`: bare names, prefixed only while two servers offer the same one;
 * - `'error'`: bare names; two servers offering the same one fail `connect()` with an
 *   `McpNameCollisionError` naming both.
 * Whatever the policy, two servers exposing the same final name or URI: the first in the config
 * keeps it and the other's is left out, reported on `errors$`.
 */
export type McpCollisionPolicy = 'prefix-always' | 'prefix-on-collision' | 'error';

/** Namespacing of aggregated tool and prompt names. */
export interface McpNamespaceOptions {
  /** Between the server name and the item's name. Default `'__'` (`weather__get_forecast`). */
  separator?: string | undefined;
  /** Builds a prefixed name (overrides `separator`). Default `` `${server}${separator}${name}` ``. */
  format?: ((server: string, name: string) => string) | undefined;
  /** See {@link McpCollisionPolicy}. Default `'prefix-always'`. */
  collisions?: McpCollisionPolicy | undefined;
}

/** Reconnection of a server that failed to connect or dropped, with exponential backoff. */
export interface McpReconnectOptions {
  /** Delay before the first retry (ms). Default 500. */
  initialDelayMs?: number | undefined;
  /** Largest delay (ms). Default 30 000. */
  maxDelayMs?: number | undefined;
  /** Growth of the delay per failed attempt. Default 2. */
  factor?: number | undefined;
  /** Retries in a row (after the attempt that failed) before the server is left `'failed'`. Default `Infinity`. */
  maxAttempts?: number | undefined;
}

/** The options of each server's `McpClient`, except its transport (built from the config). */
export type McpManagedClientOptions = Omit<McpClientOptions, 'transport'>;

/** Options of an `McpClientManager`: the `mcpServers` map plus how they are combined. */
export interface McpClientManagerOptions extends McpServersConfig {
  /** Namespacing and the collision policy. Default: prefix always, separator `'__'`. */
  namespace?: McpNamespaceOptions | undefined;
  /** Reconnection with backoff; `false` leaves a failed server `'failed'`. Default: on. */
  reconnect?: McpReconnectOptions | false | undefined;
  /**
   * Milliseconds between pings of each ready server (`ping`, or `server/discover` in the
   * 2026-07-28 era); a ping that gets no answer (transport error, timeout) takes the server out
   * of the aggregate and reconnects it, which is how a remote server that went away without a
   * connection to drop is noticed. A call failing with a `TransportError` does the same. `0`: no
   * pings. Default 30 000.
   */
  pingIntervalMs?: number | undefined;
  /**
   * Client options for every server (identity, timeouts, sampling/elicitation handlers ...), or
   * a function giving each server its own.
   */
  client?: McpManagedClientOptions | ((server: string) => McpManagedClientOptions) | undefined;
  /**
   * Builds a server's transport yourself (called for every connection attempt); return
   * `undefined` for the default one from its config.
   */
  transport?:
    ((server: string, config: McpServerConfig) => ClientTransport | undefined) | undefined;
  /**
   * The `auth` of a remote server's Streamable HTTP or SSE transport (e.g. an `McpOAuthClient`),
   * asked once per server and kept across its reconnections; `undefined` for none.
   */
  auth?: ((server: string, config: McpServerConfig) => McpHttpAuth | undefined) | undefined;
}
