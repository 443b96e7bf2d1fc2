import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { ClientAuthenticator, type McpClientAuthentication } from './client-authentication.js';
import { withResourceAndScope } from './grant-params.js';
import { readAssertion, type McpAssertionSource } from './jwt-bearer.grant.js';
import { OAuthUrn } from './oauth-urns.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';
import type { McpTokenResponse } from './token-request.interface.js';

/** The enterprise identity provider (IdP) side of {@link EnterpriseManagedGrant}. */
export interface EnterpriseIdpOptions {
  /** The IdP's token endpoint (where the ID token is exchanged for an ID-JAG). */
  tokenEndpoint: string;
  /** The user's ID token from the IdP's single sign-on (or a function returning a current one). */
  idToken: McpAssertionSource;
  /** How the client authenticates at the IdP (a public client: `{ method: 'none', clientId }`). */
  authentication: McpClientAuthentication;
  /** The IdP's issuer (the `aud` of a `private_key_jwt` assertion there); default: the token endpoint's origin. */
  issuer?: string;
}

/** Options of {@link EnterpriseManagedGrant}. */
export interface EnterpriseManagedGrantOptions {
  idp: EnterpriseIdpOptions;
  /** How the client authenticates at the MCP server's authorization server. */
  authentication: McpClientAuthentication;
  /** Scope to request when neither the challenge nor the metadata names one. */
  scope?: string;
}

/**
 * Enterprise-managed authorization (MCP extension
 * `io.modelcontextprotocol/enterprise-managed-authorization`, the Identity Assertion JWT
 * Authorization Grant): the user's enterprise IdP decides. Two token requests:
 * 1. RFC 8693 token exchange at the IdP: the ID token → an ID-JAG for the MCP server's
 *    authorization server (`audience` = its issuer) and resource;
 * 2. RFC 7523 JWT bearer grant at that authorization server with the ID-JAG as `assertion`.
 */
export class EnterpriseManagedGrant implements McpTokenGrant {
  readonly grantType = OAuthUrn.jwtBearerGrant;
  private readonly idpClient: ClientAuthenticator;
  private readonly client: ClientAuthenticator;

  constructor(private readonly options: EnterpriseManagedGrantOptions) {
    this.idpClient = new ClientAuthenticator(options.idp.authentication);
    this.client = new ClientAuthenticator(options.authentication);
  }

  /** Token exchange at the IdP, then the JWT bearer grant at the authorization server. */
  async obtain(context: McpTokenGrantContext): Promise<McpTokenResponse> {
    const idJag = await this.requestIdJag(context);
    const auth = await this.client.partsFor(context.issuer);
    return context.requestToken({
      url: context.tokenEndpoint,
      params: withResourceAndScope(
        { grant_type: OAuthUrn.jwtBearerGrant, assertion: idJag, ...auth.params },
        context,
        this.options.scope,
      ),
      headers: auth.headers,
    });
  }

  /**
   * Step 1: the ID-JAG from the IdP.
   * @throws McpAuthError the IdP's error, or `invalid_token_exchange` when it answers another token type.
   */
  async requestIdJag(context: McpTokenGrantContext): Promise<string> {
    const idp = this.options.idp;
    const idToken = await readAssertion(idp.idToken, 'ID token');
    const auth = await this.idpClient.partsFor(idp.issuer ?? new URL(idp.tokenEndpoint).origin);
    const answer = await context.requestToken({
      url: idp.tokenEndpoint,
      params: withResourceAndScope(
        {
          grant_type: OAuthUrn.tokenExchangeGrant,
          requested_token_type: OAuthUrn.idJagTokenType,
          subject_token: idToken,
          subject_token_type: OAuthUrn.idTokenType,
          audience: context.issuer,
          ...auth.params,
        },
        context,
        this.options.scope,
      ),
      headers: auth.headers,
    });
    if (answer.issued_token_type !== OAuthUrn.idJagTokenType) {
      throw new McpAuthError(
        `The IdP's token exchange answered issued_token_type "${String(answer.issued_token_type)}", not an ID-JAG (${OAuthUrn.idJagTokenType})`,
        'invalid_token_exchange',
      );
    }
    return readAssertion(answer.access_token, 'ID-JAG from the IdP');
  }
}
