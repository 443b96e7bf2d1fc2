import type { TokenResponse } from '../discovery/oauth-metadata.js';
import { grantRequest } from './grant-params.js';
import { tokenClientOf, type McpClientAuthentication, type TokenClient } from './token-client.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';

/** Options of {@link ClientCredentialsGrant}. */
export interface ClientCredentialsGrantOptions {
  /** How the client authenticates: `client_secret_basic`/`_post` or `private_key_jwt`. */
  authentication: McpClientAuthentication;
  /** Scope to request when neither the challenge nor the metadata names one. */
  scope?: string;
}

/**
 * The OAuth client credentials grant (OAuth 2.1 §4.2; MCP extension
 * `io.modelcontextprotocol/oauth-client-credentials`): a machine client gets its own token with
 * its credentials, no user involved.
 */
export class ClientCredentialsGrant implements McpTokenGrant {
  readonly grantType = 'client_credentials';
  private readonly client: TokenClient;

  constructor(private readonly options: ClientCredentialsGrantOptions) {
    this.client = tokenClientOf(options.authentication);
  }

  /** One `grant_type=client_credentials` request with `resource`, `scope` and client authentication. */
  obtain(context: McpTokenGrantContext): Promise<TokenResponse> {
    return context.requestToken(
      grantRequest(context, this.client, { grant_type: this.grantType }, this.options.scope),
    );
  }
}
