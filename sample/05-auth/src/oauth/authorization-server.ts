import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { serveInteraction } from './interaction-routes.js';

/** The scopes of the notes resource. */
export const NOTES_SCOPES = ['notes:read', 'notes:write'] as const;

/** Options of {@link startAuthorizationServer}. */
export interface AuthorizationServerOptions {
  /** The MCP resource tokens are for (their `aud`): `http://127.0.0.1:3000/mcp`. */
  resource: string;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Access token lifetime in seconds. Default 600. */
  accessTokenTtlSeconds?: number;
}

/**
 * Dynamic Client Registration policy of the sample: a registered `scope` would cap what the
 * client may ask later, and clients register with the scope of their first challenge
 * (`notes:read`), so step-up to `notes:write` would be refused. RFC 7591 §2 lets the server
 * replace requested metadata: this one drops `scope` (the client may ask for any supported
 * scope, the user consents per request). The body is parsed here; oidc-provider reads `req.body`.
 */
async function withoutRegisteredScope(req: IncomingMessage): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const metadata = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  delete metadata.scope;
  (req as IncomingMessage & { body?: unknown }).body = metadata;
}

/** A running authorization server. */
export interface AuthorizationServer {
  /** Its issuer identifier, e.g. `http://127.0.0.1:4000`. */
  readonly issuer: string;
  /** The private signing keys (JWKS): tests sign tokens with them to exercise the server. */
  readonly signingKeys: { keys: Array<Record<string, unknown>> };
  /** Changes the lifetime of access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /** How many refresh token grants succeeded. */
  readonly refreshes: number;
  close(): Promise<void>;
}

/**
 * A real OAuth 2.1 authorization server for local use: the certified `oidc-provider`, with
 * Dynamic Client Registration, PKCE (S256), resource indicators (RFC 8707) whose access tokens
 * are JWTs (RFC 9068, ES256) for the MCP resource, refresh tokens for clients registered with the
 * `refresh_token` grant, and a dev login/consent form at `/interaction/:uid` that a script can
 * POST (`login=<user>`) — see `headless-login.ts`. In-memory storage: for development only.
 */
export async function startAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<AuthorizationServer> {
  const server = createServer();
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { address, port } = server.address() as AddressInfo;
  const issuer = `http://${address}:${port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: `k-${port}`,
  };
  let accessTokenTtl = options.accessTokenTtlSeconds ?? 600;
  let refreshes = 0;

  const configuration: Configuration = {
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'offline_access', ...NOTES_SCOPES],
    clients: [],
    // The only signing key is ES256: make it every client's default.
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    responseTypes: ['code'], // OAuth 2.1: the authorization code flow only
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== options.resource) throw new Error(`unknown resource ${indicator}`);
          return {
            scope: NOTES_SCOPES.join(' '),
            audience: options.resource,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // Refresh tokens for every client registered with the refresh_token grant.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { Interaction: 600, Session: 600, Grant: 3600, RefreshToken: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('grant.success', (ctx: { oidc: { params?: { grant_type?: string } } }) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') refreshes += 1;
  });
  const callback = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      serveInteraction(provider, req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/reg') {
      withoutRegisteredScope(req).then(
        () => callback(req, res),
        (error: unknown) => {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: 'invalid_client_metadata', error_description: String(error) }),
          );
        },
      );
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    signingKeys: { keys: [signingKey] },
    setAccessTokenTtl: (seconds) => {
      accessTokenTtl = seconds;
    },
    get refreshes() {
      return refreshes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
