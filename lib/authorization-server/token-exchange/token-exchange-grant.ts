import type { Engine } from '../engine.interface.js';
import type { McpAccessTokenVerifier } from '../../server/auth/access-token-verifier.interface.js';
import { JwtAccessTokenVerifier } from '../../server/auth/jwt-access-token-verifier.js';
import type { McpAuthorizationServerOptions } from '../authorization-server.options.js';
import type { GrantRevocations } from '../grant-revocations.js';
import { publicJwk } from '../public-jwk.js';
import { RevocationAwareVerifier } from '../revocation-aware-verifier.js';
import { introspectExchangedTokens } from './exchanged-token-introspection.js';
import { TokenExchange } from './token-exchange.js';
import { TokenExchangeRefusal, type TokenExchangeErrors } from './token-exchange-refusal.js';

/** The RFC 8693 grant type. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

interface GrantContext {
  oidc: { params: Record<string, unknown>; client: { clientId: string } };
  body?: unknown;
}

const ERROR_CLASS = {
  invalid_request: 'InvalidRequest',
  invalid_target: 'InvalidTarget',
  invalid_scope: 'InvalidScope',
  invalid_grant: 'InvalidGrant',
} as const;

/**
 * Registers `urn:ietf:params:oauth:grant-type:token-exchange` at the engine's token endpoint
 * (for the clients whose `grant_types` include it): one `resource` or `audience`, an access
 * token as `subject_token`, no actor token; the answer per RFC 8693 §2.2.1, refusals per §2.2.2.
 */
export function registerTokenExchangeGrant(
  engine: Engine,
  exchange: TokenExchange,
  errors: TokenExchangeErrors,
): void {
  const handler = async (ctx: GrantContext) => {
    const params = ctx.oidc.params;
    const fail = (code: keyof typeof ERROR_CLASS, message: string) =>
      new errors[ERROR_CLASS[code]](message);
    const one = (name: string) => {
      const value = params[name];
      if (Array.isArray(value)) {
        throw fail('invalid_target', `Only one ${name} may be asked for`);
      }
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const subjectToken = one('subject_token');
    if (!subjectToken) throw fail('invalid_request', 'subject_token is required');
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) {
      throw fail('invalid_request', `subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    if (params.actor_token !== undefined) {
      throw fail('invalid_request', 'actor_token is not supported; the client is the actor');
    }
    const requestedType = params.requested_token_type;
    if (requestedType !== undefined && requestedType !== ACCESS_TOKEN_TYPE) {
      throw fail('invalid_target', `Only ${ACCESS_TOKEN_TYPE} can be issued`);
    }
    const resource = one('resource');
    const audience = one('audience');
    if (resource && audience && resource !== audience) {
      throw fail('invalid_target', 'resource and audience name different targets');
    }
    const target = resource ?? audience;
    if (!target) throw fail('invalid_request', 'resource or audience is required');
    const scope = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
    try {
      const issued = await exchange.issue(subjectToken, target, scope.length ? scope : undefined, {
        sub: ctx.oidc.client.clientId,
      });
      ctx.body = {
        access_token: issued.accessToken,
        issued_token_type: ACCESS_TOKEN_TYPE,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        scope: issued.scope,
      };
    } catch (error) {
      if (error instanceof TokenExchangeRefusal) throw fail(error.error, error.message);
      throw error;
    }
  };
  engine.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    handler,
    [
      'subject_token',
      'subject_token_type',
      'actor_token',
      'actor_token_type',
      'requested_token_type',
      'resource',
      'audience',
      'scope',
    ],
    ['resource', 'audience'],
  );
}

/**
 * The token exchange of `options.tokenExchange` (subject tokens checked by `subjects`, issued
 * tokens signed with the first of `signingKeys`), its grant registered at the engine and the
 * introspection of the tokens it issues (refused once their grant is in `revocations`);
 * undefined when off.
 */
export function setUpTokenExchange(
  engine: Engine,
  options: McpAuthorizationServerOptions,
  signingKeys: ReadonlyArray<Record<string, unknown>>,
  revocations: GrantRevocations,
  subjects: McpAccessTokenVerifier,
  errors: TokenExchangeErrors,
): TokenExchange | undefined {
  if (!options.tokenExchange) return undefined;
  const issuer = new URL(options.issuer).origin;
  const exchange = new TokenExchange(
    options.tokenExchange,
    issuer,
    signingKeys[0]!,
    subjects,
    options.resource,
  );
  registerTokenExchangeGrant(engine, exchange, errors);
  const exchanged = new JwtAccessTokenVerifier({
    issuer,
    audience: options.tokenExchange.audiences.map((a) => a.resource),
    jwks: { keys: signingKeys.map(publicJwk) },
    typ: 'at+jwt',
  });
  introspectExchangedTokens(engine, new RevocationAwareVerifier(exchanged, revocations));
  return exchange;
}
