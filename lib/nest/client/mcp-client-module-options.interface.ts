import type { LoggerService } from '@nestjs/common';
import type { McpClientOptions } from '../../client/mcp-client-options.interface.js';

/** One client of `McpClientModule`: the client's options (what `useFactory` returns). */
export interface McpClientModuleOptions extends McpClientOptions {
  /**
   * Connect on first use instead of at module init: the app starts whether the server is up or
   * not. Default `false` (a server that cannot be reached fails the app's start).
   */
  lazyConnect?: boolean | undefined;
  /**
   * Times the first connection (at module init) is tried again after failing, e.g. for a server
   * that starts with the app. Needs `transport` as a factory (a failed transport is not reused).
   * Default `0`.
   */
  retryAttempts?: number | undefined;
  /** Milliseconds before the first retry. Default `3000`. */
  retryDelay?: number | undefined;
  /** Factor the delay grows by after each retry (`2`: 3 s, 6 s, 12 s ...). Default `1` (fixed). */
  retryBackoff?: number | undefined;
  /**
   * Write the server's log messages (`notifications/message`) to a Nest logger, with the context
   * `McpClient:<name>`: `true` for Nest's `Logger`, or a `LoggerService` of your own. MCP levels
   * map to `debug`, `log` (info, notice), `warn`, `error` and `fatal` (critical and above).
   * Which messages the server sends is set with `client.setLogLevel()`. Default `false`.
   */
  forwardLogs?: boolean | LoggerService | undefined;
}

/**
 * Settings given beside the options (also with `registerAsync`) that shape the module: the
 * client's injection name and whether the module is global.
 */
export interface McpClientModuleExtras {
  /** Name to inject it by (`@InjectMcpClient('weather')`). Default `'default'`. */
  name?: string | undefined;
  /** Register the module globally. Default `false`. */
  isGlobal?: boolean | undefined;
}

/**
 * A class that builds a client's options, for `registerAsync({ useClass })` or
 * `registerAsync({ useExisting })`.
 */
export interface McpClientOptionsFactory {
  /** The options of the client. */
  createMcpClientOptions(): McpClientModuleOptions | Promise<McpClientModuleOptions>;
}
