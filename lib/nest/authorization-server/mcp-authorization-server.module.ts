import { Logger, Module, type DynamicModule } from '@nestjs/common';
import type { McpAuthorizationServerOptions } from '../../authorization-server/authorization-server.options.js';
import { McpAuthorizationServer } from '../../authorization-server/mcp-authorization-server.js';
import {
  MCP_AUTHORIZATION_SERVER_AUTH,
  type McpAuthOptions,
} from '../auth/mcp-auth-options.interface.js';
import { sqlStoreCounters } from '../../authorization-server/store/sql-authorization-store.js';
import { AuthorizationServerMount } from './authorization-server.mount.js';

/** Options of {@link McpAuthorizationServerModule.forRoot}. */
export interface McpAuthorizationServerModuleOptions extends McpAuthorizationServerOptions {
  /**
   * How the MCP endpoint checks the tokens (the rest of `McpModule`'s `auth`, which this module
   * fills in: resource, issuer, scopes, verifier). Default: any valid token for the resource.
   */
  protect?: Pick<
    McpAuthOptions,
    'requiredScopes' | 'impliedScopes' | 'scopes' | 'protectEndpoint' | 'resourceName'
  >;
}

/**
 * Makes the Nest app an OAuth 2.1 authorization server for its own MCP endpoint, signing users
 * in with GitHub, Google or any OpenID Connect provider, and protects the endpoint with it:
 * `McpModule` without an `auth` option picks this server up (resource metadata, 401/403
 * challenges, JWT verification). Global; import it once, next to `McpModule.forRoot()`.
 * @example
 * ```ts
 * McpAuthorizationServerModule.forRoot({
 *   issuer: 'https://mcp.example.com',
 *   resource: 'https://mcp.example.com/mcp',
 *   scopes: ['notes:read', 'notes:write'],
 *   upstream: githubUpstream({ clientId: process.env.GITHUB_CLIENT_ID!, clientSecret: process.env.GITHUB_CLIENT_SECRET! }),
 *   protect: { requiredScopes: ['notes:read'] },
 * })
 * ```
 */
@Module({})
export class McpAuthorizationServerModule {
  static forRoot(options: McpAuthorizationServerModuleOptions): DynamicModule {
    return {
      module: McpAuthorizationServerModule,
      global: true,
      providers: [
        {
          provide: McpAuthorizationServer,
          useFactory: () =>
            McpAuthorizationServer.create(options, new Logger('McpAuthorizationServer')),
        },
        {
          provide: MCP_AUTHORIZATION_SERVER_AUTH,
          inject: [McpAuthorizationServer],
          useFactory: (server: McpAuthorizationServer): McpAuthOptions => {
            // Without Redis, DPoP proof ids are remembered in the SQL store's counters (shared).
            const replayCache = sqlStoreCounters(options.store);
            return {
              ...server.resourceAuth(),
              ...options.protect,
              ...(replayCache && { dpop: { replayCache } }),
            };
          },
        },
        AuthorizationServerMount,
      ],
      exports: [McpAuthorizationServer, MCP_AUTHORIZATION_SERVER_AUTH],
    };
  }
}
