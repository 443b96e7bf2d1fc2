import type { ModuleMetadata } from '@nestjs/common';
import type { ClientTransport } from '../../client/client-transport.interface.js';
import type { McpClientOptions } from '../../client/mcp-client-options.interface.js';

/** One client of `McpClientModule`. */
export interface McpClientModuleOptions extends Omit<McpClientOptions, 'transport'> {
  /** Name to inject it by (`@InjectMcpClient('weather')`); default `'default'`. */
  name?: string;
  /** The transport, or a factory called once when the client is created. */
  transport: ClientTransport | (() => ClientTransport);
  /** Connect on first use instead of at module init. Default `false`. */
  lazyConnect?: boolean;
}

/** One client registered asynchronously. */
export interface McpClientModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Name to inject it by; default `'default'`. */
  name?: string;
  /** Builds the options from injected providers. */
  useFactory: (
    ...args: never[]
  ) => Omit<McpClientModuleOptions, 'name'> | Promise<Omit<McpClientModuleOptions, 'name'>>;
  /** Providers passed to `useFactory`. */
  inject?: Array<
    | string
    | symbol
    | (abstract new (...args: never[]) => unknown)
    | (new (...args: never[]) => unknown)
  >;
}
