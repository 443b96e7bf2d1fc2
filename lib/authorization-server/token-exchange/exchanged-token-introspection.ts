import { AuthorizationServerUnavailableError } from '../../errors/authorization-server-unavailable.error.js';
import type { McpAccessTokenVerifier } from '../../server/auth/access-token-verifier.interface.js';
import type { Engine, EngineContext } from '../engine.interface.js';

/** The claims of an exchanged token an introspection answer repeats (RFC 7662 §2.2). */
const ANSWERED_CLAIMS = ['iss', 'sub', 'aud', 'scope', 'exp', 'iat', 'jti', 'client_id', 'act'];

/** The client the engine authenticated at the introspection endpoint. */
interface IntrospectingClient {
  clientId: string;
  clientAuthMethod?: string;
}

/**
 * RFC 7662 introspection of the tokens the token exchange issued, for downstream APIs that must
 * see a revocation before the token expires: the engine refuses a JWT at its introspection
 * endpoint (`unsupported_token_type`, after it authenticated the client); this takes over exactly
 * that refusal. A confidential client (one that authenticated with a secret or a key) is told
 * `active: true` with the token's claims when `exchanged` accepts it (signed here, for an
 * exchange audience, its grant not revoked); anything else is `{ "active": false }`. A store
 * that cannot be read answers 503 like every other endpoint.
 */
export function introspectExchangedTokens(engine: Engine, exchanged: McpAccessTokenVerifier): void {
  const refused = new WeakSet<object>();
  engine.on('introspection.error', (ctx, error) => {
    if ((error as { error?: string })?.error === 'unsupported_token_type') {
      refused.add(ctx as object);
    }
  });
  engine.use(async (ctx: EngineContext, next: () => Promise<void>) => {
    await next();
    if (!refused.has(ctx) || ctx.oidc?.route !== 'introspection') return;
    const client = ctx.oidc.client as IntrospectingClient | undefined;
    const token = ctx.oidc.params?.token;
    ctx.status = 200;
    ctx.body = { active: false };
    if (!client || client.clientAuthMethod === 'none' || typeof token !== 'string') return;
    let claims: Readonly<Record<string, unknown>> | undefined;
    try {
      claims = (await exchanged.verify(token)).claims;
    } catch (error) {
      // The revocation list could not be read: the store's outage answer (503), not a verdict.
      if (error instanceof AuthorizationServerUnavailableError) throw error.cause;
      return;
    }
    if (claims.act === undefined) return; // not an exchanged token
    const answer: Record<string, unknown> = { active: true, token_type: 'Bearer' };
    for (const name of ANSWERED_CLAIMS) {
      if (claims[name] !== undefined) answer[name] = claims[name];
    }
    ctx.body = answer;
  });
}
