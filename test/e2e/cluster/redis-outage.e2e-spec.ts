import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { McpModule, StoreUnavailableError } from '../../../lib/index.js';
import { DEAD_REDIS_URL } from '../../support/redis.js';
import { hasRedisServer, waitFor } from '../../support/redis-server.js';
import { startRedisDeployment } from './support/redis-deployments.js';

const H = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};
const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };

async function boot(redis: string): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({
        name: 'outage',
        version: '1',
        redis: { url: redis, connectTimeoutMs: 2000 },
        requestState: { keys: [randomBytes(32)] },
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('McpModule.forRoot({ redis }) when Redis is missing or lost', () => {
  it('fails the bootstrap with an error naming the URL when Redis does not answer', async () => {
    const booting = boot(DEAD_REDIS_URL);
    await expect(booting).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(booting).rejects.toThrow(/Cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/);
  });

  (hasRedisServer ? it : it.skip)(
    'answers 503 for what needs Redis while it is down, keeps serving live sessions, and recovers by itself',
    async () => {
      const { redis, env } = await startRedisDeployment('private');
      const app = await boot(env.REDIS_URL);
      const url = `${await app.getUrl()}/mcp`;
      const post = (headers: Record<string, string>, body: unknown) =>
        fetch(url, { method: 'POST', headers: { ...H, ...headers }, body: JSON.stringify(body) });
      try {
        const init = await post({}, initialize);
        const live = init.headers.get('mcp-session-id')!;
        redis.stop();
        const unknown = await post({ 'mcp-session-id': 'not-held-here' }, ping);
        expect(unknown.status).toBe(503);
        const text = await unknown.text();
        expect(text).toMatch(/Shared store unavailable, retry shortly \(ref [0-9a-f]+\)/);
        expect(text).not.toMatch(/Stream isn't writeable|enableOfflineQueue|ECONNREFUSED/);
        expect((await post({ 'mcp-session-id': live }, ping)).status).toBe(200);
        redis.start();
        await waitFor(
          async () => (await post({ 'mcp-session-id': 'still-unknown' }, ping)).status === 404,
        );
        expect((await post({ 'mcp-session-id': 'still-unknown' }, ping)).status).toBe(404);
      } finally {
        await app.close();
        redis.stop();
      }
    },
  );
});
