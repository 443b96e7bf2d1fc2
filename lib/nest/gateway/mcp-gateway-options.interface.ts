import type { CanActivate, Type } from '@nestjs/common';
import type { PrincipalClaimKey } from '../../engine/principal-claim.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import type {
  McpClientManagerFactory,
  McpClientManagerModuleOptions,
} from '../client/mcp-client-manager-module-options.interface.js';

/** How the gateway signs the caller's identity for its upstream services. */
export interface McpGatewayPrincipalClaims extends PrincipalClaimKey {
  /**
   * What of the caller the claim carries as `user` (JSON; keep tokens out). Default `req.user`
   * of the request the gateway served.
   */
  user?: ((ctx: McpContext) => unknown) | undefined;
}

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
  /**
   * Sign the caller's identity for the upstream services: every forwarded call carries a claim
   * (HMAC-SHA256 with `key`, valid `ttlMs`, default 30 s, for that server's name) of
   * `ctx.principal` and `req.user` in its `_meta`, which `McpMicroserviceServer` verifies before
   * its guards run (see the microservices guide for the threat model). Default: no claims.
   */
  principalClaims?: McpGatewayPrincipalClaims | undefined;
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
