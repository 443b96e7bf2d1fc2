import { Injectable } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { McpModule, McpServer, Tool } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { ENDPOINT_MOUNTS, PLATFORMS, type Platform } from '../nest/support/platforms.js';
import { initializeRequest, jsonBody, postJson } from '../support/raw-http.js';
import { within } from '../support/wait.js';
import { RawSocket } from '../websocket/support/raw-socket.js';

@Injectable()
class Tools {
  @Tool({ description: 'hello' })
  hello() {
    return 'hello';
  }
}

/** Boots the app on `platform`, trusting the loopback proxy or not, capped at one session per address. */
function bootCapped(
  platform: Platform,
  trustProxy: boolean,
  extras: { fastPath?: boolean; websocket?: boolean },
): Promise<BootedApp> {
  return bootApp({
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
        ...extras,
      }),
    ],
    providers: [Tools],
  });
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
    booted = await bootCapped(platform, trustProxy, { fastPath });
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

/**
 * The WebSocket upgrade passes no framework: the module's WebSocket endpoint resolves the client
 * address by the same `trust proxy` / `trustProxy` setting, so a WebSocket session behind a
 * balancer counts per client too.
 */
describe.each(PLATFORMS)('maxSessionsPerAddress over WebSocket on %s', (platform) => {
  let booted: BootedApp | undefined;
  afterEach(async () => {
    await booted?.close();
    booted = undefined;
  });

  async function boot(trustProxy: boolean): Promise<BootedApp> {
    booted = await bootCapped(platform, trustProxy, { websocket: true });
    return booted;
  }

  const open = (app: BootedApp, forwardedFor: string) => {
    const url = app.url('/ws');
    url.protocol = 'ws:';
    return RawSocket.open(url, ['mcp'], { headers: { 'x-forwarded-for': forwardedFor } });
  };
  const refusalOf = (socket: RawSocket) => within(socket.closed, 5000, 'the refusal');

  it('behind a trusted proxy: counts each forwarded client on its own', async () => {
    const app = await boot(true);
    const first = await open(app, '203.0.113.1');
    const second = await open(app, '203.0.113.2');
    await first.initialize();
    await second.initialize();
    const again = await open(app, '203.0.113.1');
    expect(await refusalOf(again)).toMatchObject({ code: 1013 });
    expect(app.app.get(McpServer).stats().admittedSessions).toBe(2);
    first.ws.close();
    second.ws.close();
  });

  it('without a trusted proxy: X-Forwarded-For is ignored, the socket address counts', async () => {
    const app = await boot(false);
    const first = await open(app, '203.0.113.1');
    await first.initialize();
    expect(await refusalOf(await open(app, '203.0.113.2'))).toMatchObject({ code: 1013 });
    first.ws.close();
  });
});
