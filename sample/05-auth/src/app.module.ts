import { Module, type DynamicModule } from '@nestjs/common';
import { JwtAccessTokenVerifier, McpModule } from '../../../lib/index.js';
import { NOTES_SCOPES } from './oauth/authorization-server.js';
import { NotesTools } from './notes.tools.js';

/** Where the MCP server is and who issues its tokens. */
export interface NotesAppOptions {
  /** The MCP endpoint's public URL, the tokens' audience: `http://127.0.0.1:3000/mcp`. */
  resource: string;
  /** The authorization server's issuer. */
  issuer: string;
  /** Leeway on token expiry in seconds (JwtAccessTokenVerifier default 5). */
  clockToleranceSeconds?: number;
}

/**
 * An MCP server protected by OAuth 2.1 (the module option `auth`): it serves its protected
 * resource metadata, accepts only JWT access tokens of `issuer` for `resource` (checked against
 * the issuer's JWKS), needs `notes:read` for everything and `notes:write` for `add_note`
 * (`@McpScopes`), and hides what a token may not call (`hideDeniedFromLists`). Each session is
 * bound to the token's subject.
 */
@Module({})
export class AppModule {
  static forRoot(options: NotesAppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        McpModule.forRoot({
          name: 'nestjs-mcp-oauth-sample',
          version: '0.2.0',
          instructions: 'Notes: notes:read to read, notes:write to add.',
          hideDeniedFromLists: true,
          auth: {
            resource: options.resource,
            authorizationServers: [options.issuer],
            scopesSupported: [...NOTES_SCOPES],
            requiredScopes: ['notes:read'],
            resourceName: 'Notes (nestjs-mcp OAuth sample)',
            verifier: new JwtAccessTokenVerifier({
              issuer: options.issuer,
              audience: options.resource,
              ...(options.clockToleranceSeconds !== undefined && {
                clockToleranceSeconds: options.clockToleranceSeconds,
              }),
            }),
          },
        }),
      ],
      providers: [NotesTools],
    };
  }
}
