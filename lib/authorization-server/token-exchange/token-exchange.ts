import { randomUUID } from 'node:crypto';
import { type Jose, loadJose } from '../../engine/load-jose.js';
import type { McpAccessTokenVerifier } from '../../server/auth/access-token-verifier.interface.js';
import type { McpTokenExchanger } from '../../server/auth/token-exchanger.interface.js';
import type { McpTokenExchangeOptions } from '../authorization-server.options.js';
import { GRANT_ID_CLAIM } from '../grant-revocations.js';
import { TokenExchangeRefusal } from './token-exchange-refusal.js';

/** The issued token of an exchange (the token endpoint's response fields). */
export interface ExchangedToken {
  accessToken: string;
  expiresIn: number;
  scope: string;
}

/** Who asks for the exchange: the `act` claim's `sub` (RFC 8693 §4.1). */
export interface ExchangeActor {
  sub: string;
}

/**
 * RFC 8693 token exchange of an access token this server issued for a JWT access token of an
 * allowed downstream audience: the subject token is checked like at the MCP endpoint (signature,
 * issuer, audience, expiry, revocation list), the scope narrowed to what both the subject token
 * and the audience allow, the new token signed with the server's key for the same `sub`, short
 * lived, naming the acting party in `act` and the subject token's grant in `grant_id` (revoked
 * with it: see the introspection in `exchanged-token-introspection.ts`). Used by the token endpoint's grant and in process by
 * `ctx.auth.exchangeToken()`.
 */
export class TokenExchange implements McpTokenExchanger {
  private readonly audiences: ReadonlyMap<string, ReadonlySet<string>>;
  private readonly ttlSeconds: number;
  private key?: ReturnType<Jose['importJWK']>; // imported once, on the first exchange

  constructor(
    options: McpTokenExchangeOptions,
    private readonly issuer: string,
    private readonly signingKey: Record<string, unknown>,
    private readonly subjectTokens: McpAccessTokenVerifier,
    private readonly inProcessActor: string,
  ) {
    this.audiences = new Map(options.audiences.map((a) => [a.resource, new Set(a.scopes)]));
    this.ttlSeconds = options.ttlSeconds ?? 120;
  }

  /** {@inheritDoc McpTokenExchanger.exchange} (the acting party is the MCP server itself). */
  async exchange(
    subjectToken: string,
    resource: string,
    scopes?: readonly string[],
  ): Promise<string> {
    const actor = { sub: this.inProcessActor };
    return (await this.issue(subjectToken, resource, scopes, actor)).accessToken;
  }

  /**
   * Checks the request and issues the token.
   * @throws TokenExchangeRefusal with the OAuth error code.
   */
  async issue(
    subjectToken: string,
    resource: string,
    requested: readonly string[] | undefined,
    actor: ExchangeActor,
  ): Promise<ExchangedToken> {
    const allowed = this.audiences.get(resource);
    if (!allowed) {
      throw new TokenExchangeRefusal(
        'invalid_target',
        'The requested resource is not an audience this server exchanges tokens for',
      );
    }
    const subject = await this.subjectTokens.verify(subjectToken).catch(() => {
      throw new TokenExchangeRefusal(
        'invalid_grant',
        'The subject token is invalid, expired or revoked',
      );
    });
    if (subject.subject === undefined) {
      throw new TokenExchangeRefusal('invalid_grant', 'The subject token names no user');
    }
    const held = new Set(subject.scopes.filter((s) => allowed.has(s)));
    const scopes = requested ?? [...held];
    const beyond = scopes.filter((s) => !held.has(s));
    if (beyond.length > 0) {
      throw new TokenExchangeRefusal(
        'invalid_scope',
        `Not granted by the subject token or not allowed for this audience: ${beyond.join(' ')}`,
      );
    }
    const jose = await loadJose();
    this.key ??= jose.importJWK(this.signingKey, String(this.signingKey.alg));
    const key = await this.key;
    const scope = scopes.join(' ');
    const grantId = subject.claims[GRANT_ID_CLAIM];
    const accessToken = await new jose.SignJWT({
      scope,
      ...(subject.clientId !== undefined && { client_id: subject.clientId }),
      // The subject token's grant: revoking it revokes this token too (introspection).
      ...(typeof grantId === 'string' && { [GRANT_ID_CLAIM]: grantId }),
      act: actor,
    })
      .setProtectedHeader({
        alg: String(this.signingKey.alg),
        typ: 'at+jwt',
        kid: String(this.signingKey.kid),
      })
      .setIssuer(this.issuer)
      .setSubject(subject.subject)
      .setAudience(resource)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .setJti(randomUUID())
      .sign(key);
    return { accessToken, expiresIn: this.ttlSeconds, scope };
  }
}
