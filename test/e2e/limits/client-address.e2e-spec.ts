import { Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { McpModule, McpServer, Tool } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { ENDPOINT_MOUNTS } from '../nest/support/platforms.js';
import { initializeRequest, jsonBody, postJson } from '../support/raw-http.js';

@Injectable()
class Tools {
  @Tool({ description: 'hello' })
  hello() {
    return 'hello';
  }
}

/**
 * Issue 28: the per-address session cap counts the client address as the framework resolves it,
 * so behind a balancer each client keeps its own cap (`trust proxy` on Express, `trustProxy` on
 * Fastify), while without a trusted proxy `X-Forwarded-For` changes nothing (the safe default).
 * The fast path (served before the framework) resolves the address by the same settings.
 */
describe.each(ENDPOINT_MOUNTS)('maxSessionsPerAddress on %s', (_, { platform, fastPath }) => {
  let booted: BootedApp | undefined;

  afterEach(async () => {
    await booted?.close();
    booted = undefined;
  });

  async function boot(trustProxy: boolean): Promise<BootedApp> {
    booted = await bootApp({
      platform,
      ...(platform === 'fastify' && { adapter: new FastifyAdapter({ trustProxy }) }),
      ...(platform === 'express' &&
        trustProxy && {
          configure: (app) => (app as NestExpressApplication).set('trust proxy', 'loopback'),
        }),
      imports: [
        McpModule.forRoot({
          name: 'addr',
          version: '1',
          limits: { maxSessionsPerAddress: 1 },
          fastPath,
        }),
      ],
      providers: [Tools],
    });
    return booted;
  }

  const open = (app: BootedApp, forwardedFor: string) =>
    postJson(app.url(), initializeRequest(), { 'x-forwarded-for': forwardedFor });

  it('behind a trusted proxy: counts each forwarded client on its own', async () => {
    const app = await boot(true);
    expect((await open(app, '203.0.113.1')).status).toBe(200);
    expect((await open(app, '203.0.113.2')).status).toBe(200);
    const again = await open(app, '203.0.113.1');
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBe('1');
    expect(jsonBody(again)).toMatchObject({
      error: { code: -32000, data: { limit: 'maxSessionsPerAddress', max: 1 } },
    });
    expect(app.app.get(McpServer).stats().admittedSessions).toBe(2);
  });

  it('without a trusted proxy: X-Forwarded-For is ignored, the socket address counts', async () => {
    const app = await boot(false);
    expect((await open(app, '203.0.113.1')).status).toBe(200);
    expect((await open(app, '203.0.113.2')).status).toBe(429);
  });
});
