import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { McpHealthIndicator, McpModule } from '../../../lib/index.js';
import { initializeRequest } from '../support/raw-http.js';
import {
  startPrivateRedis,
  type RedisProcess,
  type RedisTopology,
} from '../../support/redis-topology.js';
import { describeWithRedis, startRedisDeployment } from './support/redis-deployments.js';

import.meta.jest.setTimeout(90_000);

const H = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

/** Two instances (in-process apps) on one private Redis, with a logger that keeps the lines. */
async function boot(port: number, lines: string[]): Promise<INestApplication> {
  const logger = { warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({
        name: 'faults',
        version: '1',
        redis: { url: `redis://127.0.0.1:${port}`, commandTimeoutMs: 1000, logger },
        requestState: { keys: [randomBytes(32)] },
      }),
    ],
    providers: [McpHealthIndicator],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return app;
}

/** A request for a session this instance does not hold: it must read the session store. */
const lookup = async (app: INestApplication) =>
  fetch(`${await app.getUrl()}/mcp`, {
    method: 'POST',
    headers: { ...H, 'mcp-session-id': `not-held-${randomBytes(4).toString('hex')}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });

type Health = { status: string } & Record<string, unknown>;
const health = async (app: INestApplication): Promise<Health> =>
  (await app.get(McpHealthIndicator).isHealthy('mcp', { timeoutMs: 1500 })).mcp as Health;

describeWithRedis('Redis failures are bounded and visible', () => {
  let redis: RedisTopology & RedisProcess;
  const apps: INestApplication[] = [];
  const lines: string[] = [];
  beforeAll(async () => {
    ({ redis } = await startRedisDeployment('private-process'));
    apps.push(await boot(redis.port, lines), await boot(redis.port, lines));
  });
  afterAll(async () => {
    redis.thaw();
    for (const app of apps) await app.close();
    await redis.stop();
  });

  it('health pings both connections and sees both instances alive, with the Redis counters', async () => {
    let seen: Health | undefined;
    for (let i = 0; i < 50; i++) {
      seen = await health(apps[0]);
      if ((seen.instances as string[]).length === 2) break;
      await delay(100);
    }
    expect(seen).toMatchObject({
      status: 'up',
      stores: {
        sessionStore: { state: 'up' },
        eventStore: { state: 'up' },
        messageBus: { state: 'up' },
      },
      orphanedTasks: 0,
    });
    expect(seen!.instances).toHaveLength(2);
    expect((seen!.redis as { relayed: number }).relayed).toBeGreaterThan(0);
  });

  it('a frozen Redis (SIGSTOP) fails a request that needs it with a generic 503 after the command timeout; SIGCONT recovers', async () => {
    redis.freeze();
    try {
      const refused = await lookup(apps[0]);
      expect(refused.status).toBe(503);
      const text = await refused.text();
      expect(text).toMatch(/Shared store unavailable, retry shortly \(ref [0-9a-f]+\)/);
      const ref = /ref ([0-9a-f]+)/.exec(text)![1];
      // Details only in the log: the run's first failure (this one, or a heartbeat's) with its
      // reference; the failures after it are counted until Redis answers again.
      expect(ref).toMatch(/^[0-9a-f]{12}$/);
      const logged = lines.filter((l) => /failed \[ref [0-9a-f]+\]: Command timed out/.test(l));
      expect(logged.length).toBeGreaterThanOrEqual(1); // at most one per instance
      expect(logged.length).toBeLessThanOrEqual(2);
      const down = await health(apps[1]);
      expect(down.status).toBe('down');
      expect(down).toMatchObject({ stores: { messageBus: { state: 'down' } } });
    } finally {
      redis.thaw();
    }
    expect((await lookup(apps[1])).status).toBe(404);
  });

  it('a killed Redis: the outage and the recovery are logged once each, not every heartbeat; restarted empty, live sessions are written again', async () => {
    const port = redis.port;
    const opened = await fetch(`${await apps[0].getUrl()}/mcp`, {
      method: 'POST',
      headers: H,
      body: JSON.stringify(initializeRequest()),
    });
    const sessionId = opened.headers.get('mcp-session-id')!;
    const stored = () =>
      execFileSync('redis-cli', ['-p', String(redis.port), 'exists', `mcp:session:${sessionId}`], {
        encoding: 'utf8',
      }).trim() === '1';
    for (let i = 0; i < 50 && !stored(); i++) await delay(100);
    expect(stored()).toBe(true);
    lines.length = 0;
    await redis.kill();
    await delay(3500); // three heartbeats per instance fail to publish meanwhile
    const refused = await lookup(apps[0]);
    expect(refused.status).toBe(503);
    expect(await refused.text()).not.toMatch(
      /ECONNREFUSED|Stream isn't writeable|enableOfflineQueue/,
    );
    await redis.stop();
    redis = await startPrivateRedis(port);
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('restored')); i++) await delay(100);
    expect((await lookup(apps[1])).status).toBe(404);
    // A holds the session live and writes its record again into the empty Redis.
    for (let i = 0; i < 50 && !stored(); i++) await delay(100);
    expect(stored()).toBe(true);
    // One outage and one recovery line per instance (each app has its own connections).
    expect(lines.filter((l) => l.includes(' lost ('))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('restored'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('not published'))).toHaveLength(0);
    expect((await health(apps[0])).redis).toMatchObject({ publishFailures: expect.any(Number) });
    expect(
      ((await health(apps[0])).redis as { publishFailures: number }).publishFailures,
    ).toBeGreaterThan(0);
  });
});
