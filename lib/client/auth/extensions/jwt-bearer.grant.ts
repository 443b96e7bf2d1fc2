import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { ClientAuthenticator, type McpClientAuthentication } from './client-authentication.js';
import { withResourceAndScope } from './grant-params.js';
import { OAuthUrn } from './oauth-urns.js';
import type { McpTokenGrant, McpTokenGrantContext } from './token-grant.interface.js';
import type { McpTokenResponse } from './token-request.interface.js';

/** A JWT, or a function that returns a current one (workload tokens are short-lived: re-read each time). */
export type McpAssertionSource = string | (() => string | Promise<string>);

/** Options of {@link JwtBearerGrant}. */
export interface JwtBearerGrantOptions {
  /** The JWT to present as `assertion` (e.g. a workload identity token whose `aud` is the issuer). */
  assertion: McpAssertionSource;
  /** Client authentication at the token endpoint; default `none` with `clientId` when given. */
  authentication?: McpClientAuthentication;
  /** `client_id` for a public client (used when `authentication` is not given). */
  clientId?: string;
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
  private readonly client: ClientAuthenticator | undefined;

  constructor(private readonly options: JwtBearerGrantOptions) {
    const authentication =
      options.authentication ??
      (options.clientId ? { method: 'none' as const, clientId: options.clientId } : undefined);
    this.client = authentication ? new ClientAuthenticator(authentication) : undefined;
  }

  /** One `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer` request. */
  async obtain(context: McpTokenGrantContext): Promise<McpTokenResponse> {
    const assertion = await readAssertion(this.options.assertion, 'workload assertion');
    const auth = this.client ? await this.client.partsFor(context.issuer) : undefined;
    return context.requestToken({
      url: context.tokenEndpoint,
      params: withResourceAndScope(
        { grant_type: this.grantType, assertion, ...auth?.params },
        context,
        this.options.scope,
      ),
      headers: auth?.headers,
    });
  }
}

/**
 * The current JWT of an assertion source.
 * @throws McpAuthError `invalid_assertion` when it is not a compact JWS (three base64url parts).
 */
export async function readAssertion(source: McpAssertionSource, what: string): Promise<string> {
  const value = typeof source === 'function' ? await source() : source;
  if (typeof value !== 'string' || !/^[\w-]+\.[\w-]+\.[\w-]*$/.test(value.trim())) {
    throw new McpAuthError(`The ${what} is not a JWT (compact JWS)`, 'invalid_assertion');
  }
  return value.trim();
}
