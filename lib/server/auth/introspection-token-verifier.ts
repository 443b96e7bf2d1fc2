import { AuthorizationServerUnavailableError } from '../../errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../errors/invalid-token.error.js';
import type { McpAccessTokenVerifier } from './access-token-verifier.interface.js';
import { authInfoFromClaims } from './auth-info-from-claims.js';
import { audiencesOf } from './granted-scopes.js';
import type { McpAuthInfo } from './mcp-auth-info.interface.js';

/** Options of {@link IntrospectionTokenVerifier}. */
export interface IntrospectionTokenVerifierOptions {
  /** The authorization server's introspection endpoint (`introspection_endpoint`). */
  endpoint: string;
  /** This resource server's client id at the authorization server (HTTP Basic, RFC 7662 §2.1). */
  clientId?: string;
  /** Its client secret. */
  clientSecret?: string;
  /**
   * The audience the token must be for (the MCP resource URL): the response's `aud` must contain
   * one of them; a response without `aud` is refused. Default: not checked (the authorization
   * server binds tokens to resources itself).
   */
  audience?: string | string[];
  /** `iss` the response must carry, when given. */
  issuer?: string;
  /** `fetch` to call the endpoint with. Default: the global one. */
  fetch?: typeof fetch;
}

/**
 * Verifies opaque (or any) access tokens by asking the authorization server (RFC 7662): `active`
 * must be `true`, `exp` in the future, and `aud`/`iss` as configured.
 */
export class IntrospectionTokenVerifier implements McpAccessTokenVerifier {
  constructor(private readonly options: IntrospectionTokenVerifierOptions) {}

  async verify(token: string): Promise<McpAuthInfo> {
    const claims = await this.introspect(token);
    if (claims.active !== true) throw new InvalidTokenError('The access token is not active');
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) {
      throw new InvalidTokenError('The access token has expired');
    }
    const { audience, issuer } = this.options;
    if (audience !== undefined) {
      const wanted = Array.isArray(audience) ? audience : [audience];
      if (!audiencesOf(claims).some((aud) => wanted.includes(aud))) {
        throw new InvalidTokenError('The access token is not for this resource');
      }
    }
    if (issuer !== undefined && claims.iss !== issuer) {
      throw new InvalidTokenError('The access token was issued by another issuer');
    }
    return authInfoFromClaims(token, claims);
  }

  /**
   * Asks the endpoint; a failed fetch, a non-2xx status or an answer that is not a JSON object is
   * an {@link AuthorizationServerUnavailableError} (503), never a refused token.
   */
  private async introspect(token: string): Promise<Record<string, unknown>> {
    try {
      return await this.post(token);
    } catch (error) {
      throw new AuthorizationServerUnavailableError(
        `Token introspection at ${this.options.endpoint} failed`,
        { cause: error },
      );
    }
  }

  private async post(token: string): Promise<Record<string, unknown>> {
    const { clientId, clientSecret, endpoint } = this.options;
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (clientId !== undefined) {
      const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret ?? '')}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    const body = new URLSearchParams({ token, token_type_hint: 'access_token' }).toString();
    const response = await (this.options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers,
      body,
    });
    if (!response.ok) {
      throw new Error(`Token introspection at ${endpoint} answered ${response.status}`);
    }
    const claims = (await response.json()) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
      throw new Error(`Token introspection at ${endpoint} did not answer a JSON object`);
    }
    return claims as Record<string, unknown>;
  }
}
