import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import type { TokenResponse } from '../discovery/oauth-metadata.js';
import { requestToken } from '../discovery/token-endpoint.js';
import { McpOAuthClient, type McpOAuthContext } from '../mcp-oauth-client.js';
import type { McpOAuthClientOptions } from '../mcp-oauth-client.options.js';
import { scopeParam } from '../scope-selection.js';
import type { McpTokenGrant } from './token-grant.interface.js';

/** Options of {@link McpGrantOAuthClient}: the grant, plus the discovery, store and fetch options of `McpOAuthClient`. */
export interface McpGrantOAuthClientOptions extends Pick<
  McpOAuthClientOptions,
  'serverUrl' | 'store' | 'maxAuthorizations' | 'refreshSkewMs' | 'fetch'
> {
  /** How tokens are obtained: `ClientCredentialsGrant`, `JwtBearerGrant`, `EnterpriseManagedGrant`. */
  grant: McpTokenGrant;
}

/**
 * An `McpOAuthClient` for clients without a user at a browser: discovery, the resource check,
 * scope selection, token storage and the transport hook are the OAuth client's; the tokens come
 * from a {@link McpTokenGrant} (client credentials, a workload's JWT, an enterprise ID-JAG)
 * instead of the authorization code flow. A grant error reaches the request as the
 * `McpAuthError` the token endpoint answered; it is not retried.
 * @example
 * ```ts
 * const auth = new McpGrantOAuthClient({
 *   grant: new ClientCredentialsGrant({
 *     authentication: { method: 'client_secret_basic', clientId: 'svc', clientSecret: secret },
 *   }),
 * });
 * const client = new McpClient({ transport: new StreamableHttpClientTransport(url, { auth }) });
 * ```
 */
export class McpGrantOAuthClient extends McpOAuthClient {
  private readonly grant: McpTokenGrant;

  constructor(options: McpGrantOAuthClientOptions) {
    const { grant, ...rest } = options;
    super({ ...rest, offlineAccess: false });
    this.grant = grant;
  }

  /** Runs the grant at the discovered authorization server for `scopes` and the resource. */
  protected override async acquireTokens(
    context: McpOAuthContext,
    scopes: string[],
  ): Promise<TokenResponse> {
    const tokenEndpoint = context.metadata.token_endpoint;
    if (!tokenEndpoint) {
      throw new McpAuthError(
        `Authorization server ${context.issuer} publishes no token endpoint`,
        'invalid_metadata',
      );
    }
    const supported = context.metadata.grant_types_supported;
    if (supported && !supported.includes(this.grant.grantType)) {
      throw new McpAuthError(
        `Authorization server ${context.issuer} does not support the ${this.grant.grantType} grant (grant_types_supported: ${supported.join(', ')})`,
        'unsupported_grant_type',
      );
    }
    const headers = await this.tokenRequestHeaders(context);
    return this.grant.obtain({
      authorizationServer: context.metadata,
      tokenEndpoint: new URL(tokenEndpoint),
      resource: context.resource,
      scope: scopeParam(scopes),
      requestToken: (request) =>
        requestToken(this.fetchFn, { ...request, headers: { ...headers, ...request.headers } }),
    });
  }
}
