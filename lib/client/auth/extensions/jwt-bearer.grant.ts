import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import type { TokenResponse } from '../discovery/oauth-metadata.js';
import { grantRequest } from './grant-params.js';
import { OAuthUrn } from './oauth-urns.js';
import { tokenClientOf, type McpClientAuthentication, type TokenClient } from './token-client.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';

/** A JWT, or a function that returns a current one (workload tokens are short-lived: re-read each time). */
export type McpAssertionSource = string | (() => string | Promise<string>);

/** Options of {@link JwtBearerGrant}. */
export interface JwtBearerGrantOptions {
  /** The JWT to present as `assertion` (e.g. a workload identity token whose `aud` is the issuer). */
  assertion: McpAssertionSource;
  /** The client id; with no `authentication` the client is public (`none`, `client_id` in the body). */
  clientId: string;
  /** Client authentication at the token endpoint, for a confidential client. */
  authentication?: McpClientAuthentication;
  /** Scope to request when neither the challenge nor the metadata names one. */
  scope?: string;
}

/**
 * The JWT bearer authorization grant (RFC 7523 §2.1) for workload identity federation (MCP
 * extension `io.modelcontextprotocol/auth/wif`): a workload trades a JWT its platform issued for an
 * access token. Errors (`invalid_grant`, `invalid_scope`, `unauthorized_client`) are surfaced as
 * `McpAuthError`, never retried and never answered with another grant.
 */
export class JwtBearerGrant implements McpTokenGrant {
  readonly grantType = OAuthUrn.jwtBearerGrant;
  private readonly client: TokenClient;

  constructor(private readonly options: JwtBearerGrantOptions) {
    this.client = tokenClientOf(
      options.authentication ?? { method: 'none', clientId: options.clientId },
    );
  }

  /** One `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer` request. */
  async obtain(context: McpTokenGrantContext): Promise<TokenResponse> {
    const assertion = await readAssertion(this.options.assertion, 'workload assertion');
    return context.requestToken(
      grantRequest(
        context,
        this.client,
        { grant_type: this.grantType, assertion },
        this.options.scope,
      ),
    );
  }
}

/**
 * The current JWT of an assertion source.
 * @throws McpAuthError `invalid_assertion` when it is not a compact JWS (three base64url parts).
 */
export async function readAssertion(source: McpAssertionSource, what: string): Promise<string> {
  const value: unknown = typeof source === 'function' ? await source() : source;
  if (typeof value !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(value.trim())) {
    throw new McpAuthError(`The ${what} is not a JWT (compact JWS)`, 'invalid_assertion');
  }
  return value.trim();
}
