import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, replyJson } from './loopback-http.js';

/** Behaviour of {@link startTinyAuthorizationServer}. */
export interface TinyAsOptions {
  /** What the authorization redirect carries as `iss`. Default: the issuer. */
  iss?: 'correct' | 'wrong';
  /**
   * Answer browsers of other origins (CORS on every endpoint, preflights), as an authorization
   * server does for single-page clients such as the explorer.
   */
  cors?: boolean;
}

/**
 * A minimal OAuth 2.1 authorization server on 127.0.0.1 for the client e2e specs: RFC 8414
 * metadata, dynamic registration, an authorization endpoint that consents at once (302 to the
 * redirect URI with `code`, `state`, `iss`), and a token endpoint checking PKCE and handing out
 * refresh tokens. Tokens it issues are reported to `onToken` so the protected server can accept
 * them. Records every request.
 */
export async function startTinyAuthorizationServer(
  onToken: (token: string, scope: string | undefined) => void,
  options: TinyAsOptions = {},
) {
  const requests: Array<{ path: string; params: URLSearchParams }> = [];
  const codes = new Map<
    string,
    { challenge: string; scope: string | undefined; resource: string | null }
  >();
  let counter = 0;
  const server = await listenLoopback((req, res) => handle(req, res));
  const issuer = server.origin;
  const json = replyJson;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (options.cors) {
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            'access-control-allow-methods': 'GET, POST',
            'access-control-allow-headers': 'content-type, authorization',
          })
          .end();
        return;
      }
    }
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const params =
      req.method === 'POST' && req.headers['content-type']?.includes('form')
        ? new URLSearchParams(body)
        : url.searchParams;
    requests.push({ path: url.pathname, params });
    switch (url.pathname) {
      case '/.well-known/oauth-authorization-server':
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          registration_endpoint: `${issuer}/register`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
          authorization_response_iss_parameter_supported: true,
          scopes_supported: ['notes:read', 'offline_access'],
        });
      case '/register': {
        const metadata = JSON.parse(body) as { redirect_uris: string[] };
        return json(res, 201, {
          client_id: `client-${++counter}`,
          token_endpoint_auth_method: 'none',
          redirect_uris: metadata.redirect_uris,
        });
      }
      case '/authorize': {
        const code = `code-${++counter}`;
        codes.set(code, {
          challenge: params.get('code_challenge') ?? '',
          scope: params.get('scope') ?? undefined,
          resource: params.get('resource'),
        });
        const back = new URL(params.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', params.get('state') ?? '');
        back.searchParams.set('iss', options.iss === 'wrong' ? 'https://evil.example.com' : issuer);
        res.writeHead(302, { location: back.href }).end();
        return;
      }
      case '/token': {
        let scope: string | undefined;
        if (params.get('grant_type') === 'authorization_code') {
          const grant = codes.get(params.get('code') ?? '');
          codes.delete(params.get('code') ?? '');
          const verifier = params.get('code_verifier') ?? '';
          const ok =
            grant !== undefined &&
            createHash('sha256').update(verifier).digest('base64url') === grant.challenge &&
            grant.resource === params.get('resource');
          if (!ok) return json(res, 400, { error: 'invalid_grant' });
          scope = grant.scope;
        } else if (params.get('grant_type') === 'refresh_token') {
          if (!params.get('refresh_token')?.startsWith('refresh-')) {
            return json(res, 400, { error: 'invalid_grant' });
          }
        } else {
          return json(res, 400, { error: 'unsupported_grant_type' });
        }
        const token = `access-${++counter}`;
        onToken(token, scope);
        return json(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: `refresh-${counter}`,
          ...(scope && { scope }),
        });
      }
      default:
        res.writeHead(404).end();
    }
  }

  return {
    issuer,
    requests,
    /** The requests to one path. */
    to: (path: string) => requests.filter((r) => r.path === path),
    close: server.close,
  };
}
