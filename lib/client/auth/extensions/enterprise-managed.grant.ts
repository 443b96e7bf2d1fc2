import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import type { TokenResponse } from '../discovery/oauth-metadata.js';
import { grantRequest, withResourceAndScope } from './grant-params.js';
import { readAssertion, type McpAssertionSource } from './jwt-bearer.grant.js';
import { OAuthUrn } from './oauth-urns.js';
import { tokenClientOf, type McpClientAuthentication, type TokenClient } from './token-client.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';

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
  private readonly idpClient: TokenClient;
  private readonly client: TokenClient;

  constructor(private readonly options: EnterpriseManagedGrantOptions) {
    this.idpClient = tokenClientOf(options.idp.authentication);
    this.client = tokenClientOf(options.authentication);
  }

  /** Token exchange at the IdP, then the JWT bearer grant at the authorization server. */
  async obtain(context: McpTokenGrantContext): Promise<TokenResponse> {
    const idJag = await this.requestIdJag(context);
    return context.requestToken(
      grantRequest(
        context,
        this.client,
        { grant_type: OAuthUrn.jwtBearerGrant, assertion: idJag },
        this.options.scope,
      ),
    );
  }

  /**
   * Step 1: the ID-JAG from the IdP.
   * @throws McpAuthError the IdP's error, or `invalid_token_exchange` when it answers another token type.
   */
  async requestIdJag(context: McpTokenGrantContext): Promise<string> {
    const idp = this.options.idp;
    const idToken = await readAssertion(idp.idToken, 'ID token');
    const tokenEndpoint = new URL(idp.tokenEndpoint);
    const answer = await context.requestToken({
      tokenEndpoint,
      issuer: idp.issuer ?? tokenEndpoint.origin,
      params: withResourceAndScope(
        {
          grant_type: OAuthUrn.tokenExchangeGrant,
          requested_token_type: OAuthUrn.idJagTokenType,
          subject_token: idToken,
          subject_token_type: OAuthUrn.idTokenType,
          audience: context.authorizationServer.issuer,
        },
        context,
        this.options.scope,
      ),
      ...this.idpClient,
    });
    if (answer.issued_token_type !== OAuthUrn.idJagTokenType) {
      throw new McpAuthError(
        `The IdP's token exchange answered issued_token_type ${JSON.stringify(answer.issued_token_type)}, not an ID-JAG (${OAuthUrn.idJagTokenType})`,
        'invalid_token_exchange',
      );
    }
    return readAssertion(answer.access_token, 'ID-JAG from the IdP');
  }
}
