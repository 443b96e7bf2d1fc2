import { randomUUID } from 'node:crypto';
import type { BootedApp } from '../nest/support/nest-app.js';
import { hasRedisServer } from '../../support/redis-server.js';
import { startPrivateRedis } from '../../support/redis-topology.js';
import { SQL_DATABASE_NAMES } from '../../support/sql-databases.js';
import { BrowserUser } from './support/browser-user.js';
import {
  bootInstance,
  deployment,
  dpopKey,
  dpopProof,
  freshCode,
  mcpStatus,
  redeem,
  refresh,
  revoke,
  sqlRecords,
  type Deployment,
  type SharedRecords,
} from './support/shared-store-instances.js';
import { postForm, register } from './support/raw-oauth.js';
import { startUpstreamStandIn, type UpstreamStandIn } from './support/upstream-stand-in.js';

/** The MCP module's private Redis (its own process), the default store of the records. */
async function onPrivateRedis(): Promise<SharedRecords> {
  const redis = await startPrivateRedis();
  return {
    options: {
      redis: { url: `redis://127.0.0.1:${redis.port}`, keyPrefix: `mcp-test:${randomUUID()}:` },
    },
    stop: () => redis.stop(),
  };
}

type Opener = [string, () => Promise<SharedRecords>];
const STORES: Opener[] = [
  ...(hasRedisServer ? [['a private Redis', onPrivateRedis] as Opener] : []),
  ...SQL_DATABASE_NAMES.map((name): Opener => [
    `a sqlAuthorizationStore on ${name}`,
    () => sqlRecords(name),
  ]),
];

/**
 * Revocation that takes effect (issue 39 row 8) and DPoP replay across instances (row 9): two
 * instances of one deployment share their records (the MCP module's private Redis, or a
 * `sqlAuthorizationStore` on PostgreSQL or MariaDB, issue 43); a token revoked at one is refused
 * at the other at once, and a DPoP proof used at one is refused at the other.
 */
describe.each(STORES)('Revocation and DPoP replay across instances sharing %s', (_name, open) => {
  let upstream: UpstreamStandIn;
  let shared: SharedRecords | undefined;
  let d: Deployment;
  let a: BootedApp;
  let b: BootedApp;
  const user = new BrowserUser();

  beforeAll(async () => {
    upstream = await startUpstreamStandIn('github');
    shared = await open();
    const created = await deployment(upstream, shared.options);
    d = created;
    a = await bootInstance(d, created.firstPort);
    b = await bootInstance(d);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await upstream?.close();
    await shared?.stop();
  });

  /** Tokens from instance A, checked to work at B first. */
  async function tokensFromA() {
    const tokens = await redeem(a.origin, await freshCode(user, d));
    expect(tokens.status).toBe(200);
    const access = String(tokens.body.access_token);
    expect(await mcpStatus(b.origin, `Bearer ${access}`)).toBe(200);
    return { access, refreshToken: String(tokens.body.refresh_token) };
  }

  it('revoking a refresh token at A refuses its access tokens at B at once', async () => {
    const { access, refreshToken } = await tokensFromA();
    const rotated = await refresh(b.origin, refreshToken); // a second access token of the family
    expect(rotated.status).toBe(200);
    expect((await revoke(a.origin, String(rotated.body.refresh_token))).status).toBe(200);
    expect(await mcpStatus(b.origin, `Bearer ${access}`)).toBe(401);
    expect(await mcpStatus(b.origin, `Bearer ${String(rotated.body.access_token)}`)).toBe(401);
    expect(await mcpStatus(a.origin, `Bearer ${access}`)).toBe(401);
  });

  it('revokes a JWT access token (RFC 7009): its grant dies on every instance', async () => {
    const { access, refreshToken } = await tokensFromA();
    const answer = await revoke(a.origin, access, 'access_token');
    expect(answer).toMatchObject({ status: 200, body: {} }); // was 400 unsupported_token_type
    expect(await mcpStatus(b.origin, `Bearer ${access}`)).toBe(401);
    expect((await refresh(b.origin, refreshToken)).body.error).toBe('invalid_grant');
  });

  it('answers 200 and revokes nothing for an access token of another client or a forged one', async () => {
    const { access } = await tokensFromA();
    const unknown = await postForm(`${a.origin}/oauth/revoke`, {
      token: access,
      client_id: 'nobody-registered',
    });
    expect(unknown.body.error).toBe('invalid_client'); // the engine authenticates the client
    const registered = await register(a.origin);
    const other = await postForm(`${a.origin}/oauth/revoke`, {
      token: access,
      client_id: String(registered.body.client_id),
    });
    expect(other.status).toBe(200); // RFC 7009 §2.2: not its token, nothing revoked
    const [header, payload] = access.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    expect((await revoke(a.origin, forged)).status).toBe(200);
    expect(await mcpStatus(b.origin, `Bearer ${access}`)).toBe(200);
  });

  it('refuses at B a DPoP proof already used at A (shared jti cache)', async () => {
    const key = await dpopKey();
    const tokens = await redeem(
      a.origin,
      await freshCode(user, d),
      await dpopProof(key, `${d.issuer}/oauth/token`),
    );
    expect(tokens.status).toBe(200);
    const access = String(tokens.body.access_token);
    const proof = await dpopProof(key, d.resource, access);
    expect(await mcpStatus(a.origin, `DPoP ${access}`, proof)).toBe(200);
    expect(await mcpStatus(b.origin, `DPoP ${access}`, proof)).toBe(401);
    // a fresh proof of the same key is fine at B
    expect(
      await mcpStatus(b.origin, `DPoP ${access}`, await dpopProof(key, d.resource, access)),
    ).toBe(200);
  });
});
