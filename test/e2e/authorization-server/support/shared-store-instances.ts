import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import {
  sqlAuthorizationStore,
  McpAuthorizationServerModule,
  McpModule,
  type McpAuthorizationServerModuleOptions,
  type McpRedisOptions,
} from '../../../../lib/index.js';
import { NotesTools } from '../../../../sample/05-auth/src/notes.tools.js';
import { bootApp, type BootedApp } from '../../nest/support/nest-app.js';
import { freePort } from '../../support/free-port.js';
import { initializeRequest } from '../../support/raw-http.js';
import {
  dropTestDatabase,
  openTestDatabase,
  testTableNames,
  type SqlDatabaseName,
} from '../../../support/sql-databases.js';
import { BrowserUser } from './browser-user.js';
import { presetFor } from './boot-demo.js';
import { authorizationUrl, pkce, postForm, RAW_REDIRECT } from './raw-oauth.js';
import type { UpstreamStandIn } from './upstream-stand-in.js';

/** The first-party client the walks use (no consent page). */
export const FIRST_PARTY = 'first-party';

/** What every instance of one deployment shares: issuer, keys, the upstream, the MCP Redis. */
export interface Deployment {
  readonly issuer: string;
  readonly resource: string;
  readonly upstream: UpstreamStandIn;
  readonly signingKey: Record<string, unknown>;
  /** The MCP module's `requestState` key, the same on every instance. */
  readonly requestStateKey: string;
  /** The MCP module's `redis` option of every instance (none: each on its own memory). */
  readonly redis?: McpRedisOptions;
  /** More options of the authorization server. */
  readonly authorizationServer?: Partial<McpAuthorizationServerModuleOptions>;
}

/** What the instances of a deployment share their records on: its deployment options, its end. */
export interface SharedRecords {
  readonly options: Pick<Deployment, 'redis' | 'authorizationServer'>;
  stop(): Promise<void>;
}

/**
 * A `sqlAuthorizationStore` on tables of their own in `database` as the authorization server's
 * `store` (no Redis: its rate limits and DPoP proof ids count in the store's SQL counters).
 */
export async function sqlRecords(database: SqlDatabaseName): Promise<SharedRecords> {
  const tables = testTableNames();
  const dataSource = await openTestDatabase(database, tables);
  const store = sqlAuthorizationStore(dataSource, {
    table: tables.authorizationTable,
    counterTable: tables.counterTable,
  });
  return { options: { authorizationServer: { store } }, stop: () => dropTestDatabase(dataSource) };
}

/** A deployment's shared parts: the issuer is the first instance's origin (its port chosen here). */
export async function deployment(
  upstream: UpstreamStandIn,
  more: Pick<Deployment, 'redis' | 'authorizationServer'> = {},
): Promise<Deployment & { firstPort: number }> {
  const firstPort = await freePort();
  const issuer = `http://127.0.0.1:${firstPort}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'k1' };
  const requestStateKey = randomBytes(32).toString('base64');
  return {
    issuer,
    resource: `${issuer}/mcp`,
    upstream,
    signingKey,
    requestStateKey,
    firstPort,
    ...more,
  };
}

/**
 * One instance of the deployment on `port` (default any): the notes tools behind
 * `McpAuthorizationServerModule` (no `store` option: the default), token rate limit off (the
 * rounds post hundreds of token requests from one address), the MCP module on `redis`.
 */
export function bootInstance(d: Deployment, port?: number): Promise<BootedApp> {
  return bootApp({
    ...(port !== undefined && { port }),
    imports: [
      McpAuthorizationServerModule.forRoot({
        issuer: d.issuer,
        resource: d.resource,
        scopes: ['notes:read', 'notes:write'],
        upstream: presetFor(d.upstream),
        signingKeys: [d.signingKey],
        cookieKeys: ['a-cookie-key-shared-by-instances'],
        clients: [{ clientId: FIRST_PARTY, redirectUris: [RAW_REDIRECT], firstParty: true }],
        rateLimits: false,
        protect: { requiredScopes: ['notes:read'] },
        ...d.authorizationServer,
      }),
      McpModule.forRoot({
        name: 'one-time-redemption',
        version: '0.1.0',
        ...(d.redis && { redis: d.redis, requestState: { keys: [d.requestStateKey] } }),
      }),
    ],
    providers: [NotesTools],
  });
}

/** The user's browser walks to a fresh authorization code at `issuer` (signed in once, kept). */
export async function freshCode(
  user: BrowserUser,
  d: Deployment,
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const { redirect } = await user.walk(
    authorizationUrl(d.issuer, {
      client_id: FIRST_PARTY,
      scope: 'notes:read',
      resource: d.resource,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
    new URL(RAW_REDIRECT).origin,
  );
  const code = redirect?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${String(redirect)}`);
  return { code, verifier };
}

/** Redeems `code` at `origin`'s token endpoint (`dpop`: a proof header). */
export function redeem(
  origin: string,
  { code, verifier }: { code: string; verifier: string },
  dpop?: string,
) {
  const form = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: RAW_REDIRECT,
    code_verifier: verifier,
    client_id: FIRST_PARTY,
  };
  if (!dpop) return postForm(`${origin}/oauth/token`, form);
  return fetch(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', dpop },
    body: new URLSearchParams(form),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
}

/** Refreshes at `origin`'s token endpoint. */
export function refresh(origin: string, refreshToken: string) {
  return postForm(`${origin}/oauth/token`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: FIRST_PARTY,
  });
}

/** Revokes `token` at `origin` (RFC 7009). */
export function revoke(origin: string, token: string, hint?: string) {
  return postForm(`${origin}/oauth/revoke`, {
    token,
    client_id: FIRST_PARTY,
    ...(hint && { token_type_hint: hint }),
  });
}

/** The status of an `initialize` POST to `origin`'s MCP endpoint with `authorization` (and `dpop`). */
export async function mcpStatus(
  origin: string,
  authorization: string,
  dpop?: string,
): Promise<number> {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization,
      ...(dpop && { dpop }),
    },
    body: JSON.stringify(initializeRequest()),
  });
  await response.body?.cancel();
  return response.status;
}

/** A DPoP key pair: the public JWK for the proof header, the private key to sign with. */
export interface DpopKey {
  publicJwk: JWK;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
}

/** A fresh ES256 {@link DpopKey}. */
export async function dpopKey(): Promise<DpopKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  return { publicJwk: await exportJWK(publicKey), privateKey };
}

/** A DPoP proof (RFC 9449 §4.2) for a POST to `htu`, with `ath` when `token` is given. */
export function dpopProof(key: DpopKey, htu: string, token?: string): Promise<string> {
  const ath = token && createHash('sha256').update(token).digest('base64url');
  return new SignJWT({ htm: 'POST', htu, jti: randomUUID(), ...(ath && { ath }) })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.publicJwk })
    .setIssuedAt()
    .sign(key.privateKey);
}
