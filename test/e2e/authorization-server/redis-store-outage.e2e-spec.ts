import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { redisAuthorizationStore } from '../../../lib/index.js';
import { capturingLogger, expectTemporarilyUnavailable } from '../../support/store-outage.js';
import {
  freePort,
  hasRedisServer,
  startRedis,
  stopRedis,
  waitFor,
} from '../../support/redis-server.js';
import type { BootedApp } from '../nest/support/nest-app.js';
import { BrowserUser } from './support/browser-user.js';
import { register } from './support/raw-oauth.js';
import {
  bootInstance,
  deployment,
  freshCode,
  mcpStatus,
  redeem,
  refresh,
  type Deployment,
} from './support/shared-store-instances.js';
import { startUpstreamStandIn, type UpstreamStandIn } from './support/upstream-stand-in.js';

import.meta.jest.setTimeout(90_000);

/** What must never reach a client: the driver's text, addresses, commands. */
const DRIVER_TEXT =
  /ECONN|127\.0\.0\.1:\d|Connection is closed|MaxRetriesPerRequest|timed out|ioredis|EVALSHA|MGET/i;

/**
 * `redisAuthorizationStore` on a Redis that goes away under a running app (a private
 * `redis-server` shut down, then frozen with SIGSTOP): the token and registration endpoints answer
 * 503 `temporarily_unavailable` with `Retry-After`, the MCP endpoint refuses a bearer 503 (the
 * revocation list cannot be read), nobody sees the driver's text, the store logs the outage once
 * and its end once, and everything works again when Redis is back.
 */
(hasRedisServer ? describe : describe.skip)('redisAuthorizationStore while Redis is down', () => {
  let port: number;
  let redis: Redis;
  let upstream: UpstreamStandIn;
  let d: Deployment;
  let app: BootedApp;
  const log = capturingLogger();
  const user = new BrowserUser();

  beforeAll(async () => {
    port = await freePort();
    startRedis(port);
    redis = new Redis({ port, host: '127.0.0.1' });
    upstream = await startUpstreamStandIn('github');
    const shared = await deployment(upstream, {
      authorizationServer: {
        store: redisAuthorizationStore(redis, { logger: log, commandTimeoutMs: 500 }),
      },
    });
    d = shared;
    app = await bootInstance(d, shared.firstPort);
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    await upstream?.close();
    if (port) stopRedis(port);
  });

  const signedIn = async () => {
    const tokens = await redeem(d.issuer, await freshCode(user, d));
    expect(tokens.status).toBe(200);
    return tokens.body as { access_token: string; refresh_token: string };
  };

  const expectRefusals = async (tokens: { access_token: string; refresh_token: string }) => {
    for (let round = 0; round < 3; round++) {
      expectTemporarilyUnavailable(await refresh(d.issuer, tokens.refresh_token), DRIVER_TEXT);
      expectTemporarilyUnavailable(await register(d.issuer), DRIVER_TEXT);

      expect(await mcpStatus(d.issuer, `Bearer ${tokens.access_token}`)).toBe(503);
    }
    expect(log.lines.filter((line) => line.includes('failed [ref'))).toHaveLength(1);
    expect(log.lines.filter((line) => line.startsWith('error'))).toEqual([]);
  };

  const expectRecovery = async (tokens: { access_token: string; refresh_token: string }) => {
    await waitFor(async () => (await register(d.issuer)).status === 201);
    expect((await register(d.issuer)).status).toBe(201);
    expect(await mcpStatus(d.issuer, `Bearer ${tokens.access_token}`)).toBe(200);
    expect((await refresh(d.issuer, tokens.refresh_token)).status).toBe(200);
    expect(log.lines.filter((line) => line.includes('answers again after'))).toHaveLength(1);
  };

  it('answers 503 + Retry-After while Redis is shut down, logs it once, and recovers', async () => {
    const tokens = await signedIn();
    stopRedis(port);
    const refused = await refresh(d.issuer, tokens.refresh_token);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRefusals(tokens);

    startRedis(port); // empty: the records are gone, but the endpoints answer again
    await waitFor(async () => (await register(d.issuer)).status === 201);
    expect(await mcpStatus(d.issuer, `Bearer ${tokens.access_token}`)).toBe(200);
    expect(log.lines.filter((line) => line.includes('answers again after'))).toHaveLength(1);
    log.lines.length = 0;
  });

  it('answers 503 within the command timeout while Redis is frozen (SIGSTOP)', async () => {
    const tokens = await signedIn();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))![1]);
    execFileSync('kill', ['-STOP', String(pid)]);
    try {
      await expectRefusals(tokens);
    } finally {
      execFileSync('kill', ['-CONT', String(pid)]);
    }
    await expectRecovery(tokens);
  });
});
