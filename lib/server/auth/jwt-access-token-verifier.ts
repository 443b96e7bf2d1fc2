import { loadJose, type Jose } from '../../engine/load-jose.js';
import { AuthorizationServerUnavailableError } from '../../errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../errors/invalid-token.error.js';
import type { McpAccessTokenVerifier } from './access-token-verifier.interface.js';
import { authInfoFromClaims } from './auth-info-from-claims.js';
import { discoverJwksUri } from './discover-jwks-uri.js';
import type { McpAuthInfo } from './mcp-auth-info.interface.js';

type KeySet = Parameters<Jose['jwtVerify']>[1];

/** Options of {@link JwtAccessTokenVerifier}. */
export interface JwtAccessTokenVerifierOptions {
  /** The authorization server's issuer identifier; `iss` must equal it. */
  issuer: string;
  /** The audience the token must be for: the MCP resource URL (RFC 8707, RFC 9068 `aud`). */
  audience: string | string[];
  /**
   * The authorization server's JWKS URL. Default: the `jwks_uri` of its metadata (RFC 8414, then
   * OpenID Discovery), whose `issuer` must match.
   */
  jwksUri?: string;
  /** Fixed public keys instead of a remote JWKS (tests, keys distributed out of band). */
  jwks?: { keys: Array<Record<string, unknown>> };
  /** Accepted signature algorithms. Default `['RS256', 'PS256', 'ES256', 'EdDSA']`; never `none`. */
  algorithms?: string[];
  /** Required `typ` header, e.g. `'at+jwt'` (RFC 9068). Default: not checked. */
  typ?: string;
  /** Leeway for `exp`/`nbf`/`iat`, in seconds. Default 5. */
  clockToleranceSeconds?: number;
  /** How long fetched keys stay fresh (ms). Default 10 minutes; an unknown `kid` refetches sooner. */
  jwksCacheMaxAgeMs?: number;
  /** Least time between two JWKS fetches (ms), so unknown `kid`s cannot flood the server. Default 30 s. */
  jwksCooldownMs?: number;
  /** `fetch` for metadata discovery. Default: the global one. */
  fetch?: typeof fetch;
  /**
   * The claims the granted scopes are read from, their union (each an array or a space-separated
   * string). Default: `scope`, or `scp` when there is none. Entra ID: `['scp', 'roles']`, since
   * its app-only tokens carry application roles in `roles` and no `scp`.
   */
  scopeClaims?: readonly string[];
}

const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

/** Why jose refused, as the `error_description` a client sees. */
function refusal(error: unknown): InvalidTokenError {
  const { code, claim } = (error ?? {}) as { code?: string; claim?: string };
  const message =
    code === 'ERR_JWT_EXPIRED'
      ? 'The access token has expired'
      : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'aud'
        ? 'The access token is not for this resource'
        : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'iss'
          ? 'The access token was issued by another issuer'
          : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED'
            ? `The access token's ${claim ?? 'claims'} claim is invalid`
            : code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ||
                code === 'ERR_JWKS_NO_MATCHING_KEY'
              ? 'The access token is not signed by a key of the authorization server'
              : code === 'ERR_JOSE_ALG_NOT_ALLOWED' || code === 'ERR_JOSE_NOT_SUPPORTED'
                ? 'The access token is signed with an algorithm that is not accepted'
                : 'The access token is malformed';
  return new InvalidTokenError(message, { cause: error });
}

/**
 * Verifies JWT access tokens (RFC 9068) with `jose` (a dependency, loaded on first use):
 * signature against the authorization server's JWKS (fetched once, cached, refetched for an
 * unknown `kid`: key rotation), algorithms allow-list (`alg: none` never passes), `iss`, `aud`
 * (the resource), `exp` required, `nbf`.
 * @example new JwtAccessTokenVerifier({ issuer: 'https://as.example.com', audience: 'https://api.example.com/mcp' })
 */
export class JwtAccessTokenVerifier implements McpAccessTokenVerifier {
  private keys?: Promise<KeySet>;
  private readonly algorithms: string[];

  constructor(private readonly options: JwtAccessTokenVerifierOptions) {
    this.algorithms = options.algorithms ?? DEFAULT_ALGORITHMS;
    if (this.algorithms.length === 0 || this.algorithms.some((a) => a.toLowerCase() === 'none')) {
      throw new Error(
        'JwtAccessTokenVerifier: algorithms must list signature algorithms, never none',
      );
    }
  }

  async verify(token: string): Promise<McpAuthInfo> {
    const jose = await loadJose();
    const keys = await this.keySet(jose);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jose.jwtVerify(token, keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.algorithms,
        requiredClaims: ['exp'],
        clockTolerance: this.options.clockToleranceSeconds ?? 5,
        ...(this.options.typ !== undefined && { typ: this.options.typ }),
      }));
    } catch (error) {
      if (isNetworkFailure(error)) {
        throw new AuthorizationServerUnavailableError(
          `The JWKS of ${this.options.issuer} could not be fetched`,
          { cause: error },
        );
      }
      throw refusal(error);
    }
    return authInfoFromClaims(token, payload, this.options.scopeClaims);
  }

  private keySet(jose: Jose): Promise<KeySet> {
    this.keys ??= this.makeKeySet(jose).catch((error: unknown) => {
      this.keys = undefined; // discovery failed: try again on the next token
      throw new AuthorizationServerUnavailableError(
        `The metadata of ${this.options.issuer} could not be read`,
        { cause: error },
      );
    });
    return this.keys;
  }

  private async makeKeySet(jose: Jose): Promise<KeySet> {
    const { jwks, jwksUri, issuer } = this.options;
    if (jwks) return jose.createLocalJWKSet(jwks as Parameters<Jose['createLocalJWKSet']>[0]);
    const uri = jwksUri ?? (await discoverJwksUri(issuer, this.options.fetch ?? fetch));
    return jose.createRemoteJWKSet(new URL(uri), {
      cacheMaxAge: this.options.jwksCacheMaxAgeMs ?? 10 * 60_000,
      cooldownDuration: this.options.jwksCooldownMs ?? 30_000,
    });
  }
}

/**
 * A JWKS that could not be fetched is the server's problem, not a bad token: a timeout, a fetch
 * that failed (TypeError), a non-200 or non-JSON answer (jose's generic error, thrown only there)
 * or a document that is not a key set.
 */
function isNetworkFailure(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  return (
    code === 'ERR_JWKS_TIMEOUT' ||
    code === 'ERR_JWKS_INVALID' ||
    code === 'ERR_JOSE_GENERIC' ||
    name === 'TypeError' // fetch's, from whichever realm fetch lives in
  );
}
