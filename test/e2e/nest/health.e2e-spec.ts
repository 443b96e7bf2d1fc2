import 'reflect-metadata';
import { Controller, Get, Param, Query, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { HealthCheck, HealthCheckService, TerminusModule } from '@nestjs/terminus';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  InMemorySessionStore,
  McpClientHealthIndicator,
  McpClientModule,
  McpHealthIndicator,
  McpModule,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { connectClient, type TestClient } from '../support/client.js';

/** A session store whose backing service can be made unreachable. */
class FlakySessionStore extends InMemorySessionStore {
  reachable = true;
  ping(): Promise<void> {
    return this.reachable ? Promise.resolve() : Promise.reject(new Error('ECONNREFUSED'));
  }
}

const store = new FlakySessionStore();

@Controller('health')
class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mcp: McpHealthIndicator,
    private readonly clients: McpClientHealthIndicator,
  ) {}

  @Get('mcp')
  @HealthCheck()
  server(@Query('degradedAt') degradedAt?: string) {
    return this.health.check([
      () => this.mcp.isHealthy('mcp', degradedAt ? { degradedAt: Number(degradedAt) } : {}),
    ]);
  }

  @Get('client/:name')
  @HealthCheck()
  client(@Param('name') name: string) {
    return this.health.check([
      () => this.clients.isHealthy(name, { client: name, timeoutMs: 3000 }),
    ]);
  }
}

type Health = {
  status: string;
  details: Record<string, Record<string, unknown> & { status: string }>;
};

describe('terminus health indicators (McpHealthIndicator, McpClientHealthIndicator)', () => {
  let upstream: TestApp;
  let app: INestApplication;
  let origin: string;
  const sessions: TestClient[] = [];

  beforeAll(async () => {
    upstream = await startApp();
    const moduleRef = await Test.createTestingModule({
      imports: [
        TerminusModule,
        McpModule.forRoot({
          name: 'health-server',
          version: '1.0.0',
          sessionStore: store,
          limits: { maxSessions: 2 },
        }),
        McpClientModule.register([
          {
            name: 'upstream',
            lazyConnect: true,
            versionNegotiation: 'legacy',
            transport: () => new StreamableHttpClientTransport(upstream.url),
          },
          {
            name: 'dead',
            lazyConnect: true,
            // Port 9 (discard) on loopback: nothing listens, the connection is refused.
            transport: () => new StreamableHttpClientTransport(new URL('http://127.0.0.1:9/mcp')),
          },
        ]),
      ],
      controllers: [HealthController],
      providers: [McpHealthIndicator, McpClientHealthIndicator],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    await app?.close();
    await upstream?.close();
  });

  const health = async (path: string): Promise<{ code: number; body: Health }> => {
    const response = await fetch(`${origin}/health/${path}`);
    return { code: response.status, body: (await response.json()) as Health };
  };

  it('reports the server up with sessions, limits and store probes', async () => {
    const { code, body } = await health('mcp');
    expect(code).toBe(200);
    expect(body.details.mcp).toEqual({
      status: 'up',
      sessions: 0,
      maxSessions: 2,
      listenStreams: 0,
      maxStreams: 1000,
      inFlight: 0,
      draining: false,
      stores: {
        sessionStore: { state: 'up' },
        eventStore: { state: 'not checked' },
        messageBus: { state: 'not checked' },
      },
    });
  });

  it('is down (503) while the session store does not answer its ping, naming the error', async () => {
    store.reachable = false;
    try {
      const { code, body } = await health('mcp');
      expect(code).toBe(503);
      expect(body.details.mcp).toMatchObject({
        status: 'down',
        stores: { sessionStore: { state: 'down', error: 'ECONNREFUSED' } },
      });
    } finally {
      store.reachable = true;
    }
  });

  it('is degraded near the session limit and down at it', async () => {
    const url = new URL('/mcp', origin);
    sessions.push(await connectClient(url));
    const near = await health('mcp?degradedAt=0.5');
    expect(near.code).toBe(200);
    expect(near.body.status).toBe('degraded');
    expect(near.body.details.mcp).toMatchObject({ status: 'degraded', sessions: 1 });
    sessions.push(await connectClient(url));
    const full = await health('mcp');
    expect(full.code).toBe(503);
    expect(full.body.details.mcp).toMatchObject({ status: 'down', sessions: 2, maxSessions: 2 });
  });

  it('reports a reachable client up with its era, revision and latency', async () => {
    const { code, body } = await health('client/upstream');
    expect(code).toBe(200);
    expect(body.details.upstream).toMatchObject({
      status: 'up',
      client: 'upstream',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      server: 'e2e-server',
    });
    expect(body.details.upstream!.latencyMs).toEqual(expect.any(Number));
  });

  it('reports an unreachable client and an unknown name down with the reason', async () => {
    const dead = await health('client/dead');
    expect(dead.code).toBe(503);
    expect(dead.body.details.dead).toMatchObject({ status: 'down', client: 'dead' });
    expect(String(dead.body.details.dead!.error)).toContain('ECONNREFUSED');
    const unknown = await health('client/nobody');
    expect(unknown.code).toBe(503);
    expect(unknown.body.details.nobody).toEqual({
      status: 'down',
      client: 'nobody',
      error: "No MCP client named 'nobody'",
    });
  });
});
