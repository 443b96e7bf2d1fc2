import { Module, type DynamicModule } from '@nestjs/common';
import {
  McpAuthorizationServerModule,
  McpModule,
  type McpAuthorizationServerModuleOptions,
  type McpExplorerSettings,
  type McpUpstreamProvider,
} from '../../../lib/index.js';
import { NotesTools } from '../../05-auth/src/notes.tools.js';

/** The notes tools' scopes, with what the consent page says about them. */
export const NOTES_SCOPE_DESCRIPTIONS = {
  'notes:read': 'Read your notes',
  'notes:write': 'Add notes',
};

/** Where the app is and who signs its users in. */
export interface DemoAppOptions {
  /** The app's public origin: the issuer, and `<origin>/mcp` the MCP resource. */
  origin: string;
  /** GitHub (`githubUpstream()`), Google, or any OIDC provider. */
  upstream: McpUpstreamProvider | McpUpstreamProvider[];
  /** Anything else of the authorization server (store, keys, clients, lifetimes, ...). */
  authorizationServer?: Partial<McpAuthorizationServerModuleOptions>;
  /** Mount the explorer page at `/explorer` (it signs in at this authorization server). */
  explorer?: boolean | McpExplorerSettings;
}

/**
 * The notes tools of `sample/05-auth` behind the app's own authorization server: MCP clients register themselves
 * (DCR or Client ID Metadata Documents), users sign in with the upstream and consent, and the
 * MCP endpoint accepts the tokens it issues, with no `auth` option on `McpModule`.
 */
@Module({})
export class AppModule {
  static forRoot(options: DemoAppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        McpAuthorizationServerModule.forRoot({
          issuer: options.origin,
          resource: `${options.origin}/mcp`,
          scopes: Object.keys(NOTES_SCOPE_DESCRIPTIONS),
          scopeDescriptions: NOTES_SCOPE_DESCRIPTIONS,
          upstream: options.upstream,
          protect: { requiredScopes: ['notes:read'], resourceName: 'nestjs-mcp demo' },
          ...options.authorizationServer,
        }),
        McpModule.forRoot({
          name: 'nestjs-mcp-authorization-server-sample',
          version: '0.1.0',
          explorer: options.explorer ?? false,
        }),
      ],
      providers: [NotesTools],
    };
  }
}
