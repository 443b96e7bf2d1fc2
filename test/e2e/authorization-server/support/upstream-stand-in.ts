import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which real identity provider the stand-in speaks like. */
export type UpstreamKind = 'github' | 'google';

/** A local identity provider speaking GitHub's or Google's endpoints, signing in one user. */
export interface UpstreamStandIn {
  readonly kind: UpstreamKind;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who signs in next (GitHub: numeric id and login; Google: sub and e-mail). */
  user: { id: string; login: string; email: string };
  /** How many code exchanges succeeded. */
  readonly exchanges: number;
  /**
   * When set, access tokens expire after this many seconds and come with a refresh token
   * (rotated on each use), as a GitHub App with expiring tokens gives them.
   */
  accessTtlSeconds?: number;
  /** How many refreshes succeeded. */
  readonly refreshes: number;
  /** Every access and refresh token handed out. */
  readonly issued: readonly string[];
  /** Revokes every grant: access and refresh tokens refused from now on. */
  revokeGrants(): void;
  /** Stops answering (connections refused): the "upstream down" case. */
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Starts the stand-in on a loopback port. The authorization endpoint signs the current `user`
 * in at once and redirects back with a code; the token endpoint checks client id, secret,
 * redirect URI and the PKCE verifier (S256) like the real ones; the user endpoint (GitHub
 * `/user`, Google `/v1/userinfo`) answers who the access token belongs to. The Google-shaped
 * one also serves OpenID discovery, so it stands in for any OIDC provider too.
 */
export async function startUpstreamStandIn(kind: UpstreamKind): Promise<UpstreamStandIn> {
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; user: UpstreamStandIn['user'] }
  >();
  const tokens = new Map<string, { user: UpstreamStandIn['user']; expiresAt: number }>();
  const refreshTokens = new Map<string, UpstreamStandIn['user']>();
  const issued: string[] = [];
  let refreshes = 0;
  const paths =
    kind === 'github'
      ? { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' }
      : { authorize: '/o/oauth2/v2/auth', token: '/token', user: '/v1/userinfo' };
  let exchanges = 0;
  const standIn = {
    kind,
    origin: '',
    clientId: `${kind}-client`,
    clientSecret: `${kind}-secret`,
    user: { id: '583231', login: 'octocat', email: 'octocat@example.com' },
    get exchanges() {
      return exchanges;
    },
    accessTtlSeconds: undefined as number | undefined,
    get refreshes() {
      return refreshes;
    },
    issued,
    revokeGrants() {
      tokens.clear();
      refreshTokens.clear();
    },
    close: () => Promise.resolve(),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === paths.authorize) {
      const q = url.searchParams;
      if (q.get('client_id') !== standIn.clientId || q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = randomBytes(12).toString('hex');
      codes.set(code, {
        challenge: q.get('code_challenge')!,
        redirectUri: q.get('redirect_uri')!,
        user: { ...standIn.user },
      });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    /** Issues an access token (and a refresh token when they expire) for `user`. */
    const issue = (res: ServerResponse, user: UpstreamStandIn['user']) => {
      const token = randomBytes(16).toString('hex');
      const ttl = standIn.accessTtlSeconds;
      tokens.set(token, { user, expiresAt: ttl ? Date.now() + ttl * 1000 : Infinity });
      issued.push(token);
      const body: Record<string, unknown> = { access_token: token, token_type: 'bearer' };
      if (ttl) {
        const refresh = randomBytes(16).toString('hex');
        refreshTokens.set(refresh, user);
        issued.push(refresh);
        Object.assign(body, { expires_in: ttl, refresh_token: refresh });
      }
      json(res, 200, { ...body, scope: 'read:user' });
    };
    if (req.method === 'POST' && url.pathname === paths.token) {
      void readForm(req).then((form) => {
        if (form.get('grant_type') === 'refresh_token') {
          const user = refreshTokens.get(form.get('refresh_token') ?? '');
          refreshTokens.delete(form.get('refresh_token') ?? ''); // rotated: one use
          const client =
            form.get('client_id') === standIn.clientId &&
            form.get('client_secret') === standIn.clientSecret;
          if (!user || !client)
            return json(res, kind === 'github' ? 200 : 400, { error: 'bad_refresh_token' });
          refreshes += 1;
          return issue(res, user);
        }
        const entry = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const ok =
          entry &&
          form.get('client_id') === standIn.clientId &&
          form.get('client_secret') === standIn.clientSecret &&
          form.get('redirect_uri') === entry.redirectUri &&
          createHash('sha256').update(verifier).digest('base64url') === entry.challenge;
        // GitHub answers 200 with an error member; Google 400.
        if (!ok)
          return json(res, kind === 'github' ? 200 : 400, { error: 'bad_verification_code' });
        exchanges += 1;
        issue(res, entry.user);
      });
      return;
    }
    const held = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
    const user = held && held.expiresAt > Date.now() ? held.user : undefined;
    if (req.method === 'GET' && url.pathname === '/issues' && kind === 'github') {
      // GitHub's "issues assigned to the authenticated user".
      if (!user) return json(res, 401, { message: 'Bad credentials' });
      return json(res, 200, [{ number: 1, title: `Fix the login of ${user.login}` }]);
    }
    if (req.method === 'GET' && url.pathname === paths.user) {
      if (!user) return json(res, 401, { message: 'Bad credentials' });
      return json(
        res,
        200,
        kind === 'github'
          ? {
              // A number, as GitHub sends it; an id that is no number goes out as it is.
              id: /^\d+$/.test(user.id) ? Number(user.id) : user.id,
              login: user.login,
              name: 'The Octocat',
              email: user.email,
            }
          : { sub: user.id, email: user.email, name: user.login, email_verified: true },
      );
    }
    if (kind === 'google' && url.pathname === '/.well-known/openid-configuration') {
      // Discovery, as any OpenID Connect provider serves it (for oidcUpstream).
      return json(res, 200, {
        issuer: standIn.origin,
        authorization_endpoint: `${standIn.origin}${paths.authorize}`,
        token_endpoint: `${standIn.origin}${paths.token}`,
        userinfo_endpoint: `${standIn.origin}${paths.user}`,
      });
    }
    json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
