import { createHash } from 'node:crypto';
import type { OAuthFetch } from '../../../../lib/client/auth/discovery/fetch-json.js';
import type { McpOAuthInteraction } from '../../../../lib/client/auth/oauth-interaction.interface.js';

/** How the fake authorization server misbehaves, per test. */
export interface FakeAsOptions {
  issuer?: string;
  /** Issuer written into the metadata (default: the real one). */
  metadataIssuer?: string;
  issSupported?: boolean;
  /** What the redirect carries as `iss`: the issuer, another, or nothing. */
  issInRedirect?: 'correct' | 'wrong' | 'normalized' | 'omit';
  /** Answer with another `state` than the request's. */
  wrongState?: boolean;
  /** PRM `resource` (default: the server URL). */
  prmResource?: string;
  prmScopes?: string[];
  asScopes?: string[];
  refreshTokens?: boolean;
  expiresIn?: number;
}

/**
 * A protected resource's metadata and an authorization server as one in-process `fetch`, plus
 * the interaction that follows its redirect: records every request so specs can assert what
 * reached which endpoint.
 */
export function fakeAuthorizationServer(options: FakeAsOptions = {}) {
  const issuer = options.issuer ?? 'https://as.example.com';
  const serverUrl = 'https://mcp.example.com/mcp';
  const log: string[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const registrations: Array<Record<string, unknown>> = [];
  const challenges = new Map<string, string>();
  let issued = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchFn: OAuthFetch = async (url, init) => {
    log.push(`${init?.method ?? 'GET'} ${url.href}`);
    if (url.href === 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp') {
      return json({
        resource: options.prmResource ?? serverUrl,
        authorization_servers: [issuer],
        ...(options.prmScopes && { scopes_supported: options.prmScopes }),
      });
    }
    if (url.href === `${issuer}/.well-known/oauth-authorization-server`) {
      return json({
        issuer: options.metadataIssuer ?? issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        ...(options.issSupported !== undefined && {
          authorization_response_iss_parameter_supported: options.issSupported,
        }),
        ...(options.asScopes && { scopes_supported: options.asScopes }),
      });
    }
    if (url.href === `${issuer}/register`) {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      registrations.push(body);
      return json(
        {
          client_id: `${new URL(issuer).host}-client-${registrations.length}`,
          token_endpoint_auth_method: 'none',
        },
        201,
      );
    }
    if (url.href === `${issuer}/token`) {
      const body = new URLSearchParams(String(init?.body));
      tokenRequests.push(body);
      if (body.get('grant_type') === 'authorization_code') {
        const expected = challenges.get(body.get('code') ?? '');
        const actual = createHash('sha256')
          .update(body.get('code_verifier') ?? '')
          .digest('base64url');
        if (expected !== actual) return json({ error: 'invalid_grant' }, 400);
      } else if (body.get('grant_type') === 'refresh_token') {
        if (!body.get('refresh_token')?.startsWith('refresh-'))
          return json({ error: 'invalid_grant' }, 400);
      }
      issued++;
      return json({
        access_token: `token-${issued}`,
        token_type: 'Bearer',
        ...(options.expiresIn !== undefined && { expires_in: options.expiresIn }),
        ...(options.refreshTokens && { refresh_token: `refresh-${issued}` }),
        ...(body.get('scope') !== null && { scope: body.get('scope') }),
      });
    }
    return new Response('not found', { status: 404 });
  };

  const interaction: McpOAuthInteraction = {
    redirectUri: () => 'http://127.0.0.1:9999/callback',
    authorize: async (authorizationUrl) => {
      const query = authorizationUrl.searchParams;
      authorizeRequests.push(query);
      const code = `code-${authorizeRequests.length}`;
      challenges.set(code, query.get('code_challenge') ?? '');
      const back = new URL(query.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', options.wrongState ? 'forged' : (query.get('state') ?? ''));
      const iss = {
        correct: issuer,
        wrong: 'https://evil.example.com',
        normalized: `${issuer}/`,
        omit: undefined,
      }[options.issInRedirect ?? 'correct'];
      if (iss !== undefined) back.searchParams.set('iss', iss);
      return back;
    },
  };

  return {
    issuer,
    serverUrl,
    fetchFn,
    interaction,
    log,
    authorizeRequests,
    tokenRequests,
    registrations,
  };
}
