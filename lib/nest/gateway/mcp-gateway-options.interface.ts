import type { CanActivate, Type } from '@nestjs/common';
import type {
  McpClientManagerFactory,
  McpClientManagerModuleOptions,
} from '../client/mcp-client-manager-module-options.interface.js';

/** A guard for gateway calls: a class (built by the module, with DI) or an instance. */
export type McpGatewayGuard = Type<CanActivate> | CanActivate;

/** Settings of the gateway module that are not the manager's options. */
export interface McpGatewayExtras {
  /**
   * Guards run before every forwarded call (after the app's global guards), with the `'mcp'`
   * execution context; `getMcpGatewayTarget(context)` names the upstream item. Default none.
   */
  guards?: readonly McpGatewayGuard[] | undefined;
  /**
   * Vendor request methods the gateway serves by forwarding them to one upstream server: method
   * → server name of `mcpServers`, e.g. `{ 'acme/search': 'search' }` (the upstream's
   * `@McpMethod('acme/search')` answers). Default none.
   */
  forwardMethods?: Readonly<Record<string, string>> | undefined;
  /** Register the module globally. Default `false`. */
  isGlobal?: boolean | undefined;
}

/**
 * What `McpGatewayModule.forRoot()` takes: the manager's options (the `mcpServers` map,
 * namespacing, reconnect, client options) plus the gateway's extras.
 */
export interface McpGatewayModuleOptions extends McpClientManagerModuleOptions, McpGatewayExtras {}

/** `McpGatewayModule.forRootAsync()`: the manager's options from a factory, extras beside it. */
export interface McpGatewayAsyncOptions extends McpGatewayExtras {
  /** Modules whose providers the factory injects. */
  imports?: unknown[] | undefined;
  /** Tokens injected into `useFactory`. */
  inject?: unknown[] | undefined;
  /** Builds the manager's options (e.g. the `mcpServers` map from `ConfigService`). */
  useFactory: McpClientManagerFactory;
}
