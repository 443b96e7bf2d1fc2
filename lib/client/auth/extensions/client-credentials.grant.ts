import { ClientAuthenticator, type McpClientAuthentication } from './client-authentication.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';
import type { McpTokenResponse } from './token-request.interface.js';
import { withResourceAndScope } from './grant-params.js';

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
  private readonly client: ClientAuthenticator;

  constructor(private readonly options: ClientCredentialsGrantOptions) {
    this.client = new ClientAuthenticator(options.authentication);
  }

  /** One `grant_type=client_credentials` request with `resource`, `scope` and client authentication. */
  async obtain(context: McpTokenGrantContext): Promise<McpTokenResponse> {
    const auth = await this.client.partsFor(context.issuer);
    return context.requestToken({
      url: context.tokenEndpoint,
      params: withResourceAndScope(
        { grant_type: this.grantType, ...auth.params },
        context,
        this.options.scope,
      ),
      headers: auth.headers,
    });
  }
}
