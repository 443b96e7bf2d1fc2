import type { LoggerService } from '@nestjs/common';
import type { McpClientManagerOptions } from '../../client/manager/mcp-client-manager-options.interface.js';

/** What `McpClientModule.forServers()` takes (and a `forServersAsync` factory returns). */
export interface McpClientManagerModuleOptions extends McpClientManagerOptions {
  /**
   * Connect at module init (default) or leave it to you (`manager.connect()`). Startup waits for
   * each server's first attempt only: a server that is down is retried in the background.
   */
  lazyConnect?: boolean | undefined;
  /**
   * Where server state changes (ready, reconnecting, failed) and `errors$` are logged, with the
   * context `McpClientManager`: Nest's `Logger` by default, your own `LoggerService`, or `false`.
   */
  logger?: LoggerService | false | undefined;
}

/** `forServersAsync()`: options from a factory, with its `imports` and `inject`. */
export interface McpClientManagerAsyncOptions {
  /** Modules whose providers the factory injects (e.g. `ConfigModule`). */
  imports?: unknown[] | undefined;
  /** Tokens injected into `useFactory`. */
  inject?: unknown[] | undefined;
  /** Builds the options, e.g. from `ConfigService` (`config.get('mcp')` holding an `mcpServers` map). */
  useFactory: McpClientManagerFactory;
  /** Register the module globally. Default `false`. */
  isGlobal?: boolean | undefined;
}

/** A factory of manager options with Nest's own signature (its arguments are the `inject` tokens). */
export type McpClientManagerFactory = (
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  ...args: any[]
) => McpClientManagerModuleOptions | Promise<McpClientManagerModuleOptions>;
