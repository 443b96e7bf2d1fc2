import { Injectable } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  IntrospectionTokenVerifier,
  JwtAccessTokenVerifier,
  McpModule,
  McpServer,
  Tool,
  type McpAccessTokenVerifier,
} from '../../../lib/index.js';
import { CapturedLogger } from '../reliability/support/captured-logger.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { freePort } from '../support/free-port.js';
import { initializeRequest, postJson, type RawResponse } from '../support/raw-http.js';

@Injectable()
class Tools {
  @Tool({ description: 'hello' })
  hello() {
    return 'hello';
  }
}

/** An authorization server stand-in whose every endpoint answers `status` (or is closed). */
async function startFailingServer(
  status: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('upstream says no: driver text that must not reach a client');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An authorization server that cannot be reached: a port nobody listens on. */
async function closedUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/**
 * Issue 24 item 8: when the authorization server (JWKS, metadata, introspection) cannot be asked,
 * the fault is the server's: 503 + Retry-After, never 401 (which makes a client drop its token),
 * counted in stats, logged at warn without a stack, and no upstream text in the reply.
 */
describe('authorization server unavailable: 503 with Retry-After, not 401', () => {
  let booted: BootedApp | undefined;
  let upstream: { close(): Promise<void> } | undefined;
  let logger: CapturedLogger;

  afterEach(async () => {
    await booted?.close();
    await upstream?.close();
    booted = upstream = undefined;
  });

  async function boot(verifier: McpAccessTokenVerifier): Promise<BootedApp> {
    logger = new CapturedLogger();
    const resource = `http://127.0.0.1:${await freePort()}/mcp`;
    booted = await bootApp({
      port: Number(new URL(resource).port),
      logger,
      imports: [
        McpModule.forRoot({
          name: 'auth-outage',
          version: '1',
          auth: { resource, authorizationServers: ['http://127.0.0.1:1'], verifier },
        }),
      ],
      providers: [Tools],
    });
    return booted;
  }

  function expectUnavailable(response: RawResponse): void {
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(response.text).toContain('The authorization server is unavailable; retry later');
    expect(response.text).not.toContain('upstream says no');
    expect(response.text).not.toContain('ECONNREFUSED');
  }

  function expectLoggedOnceAtWarn(): void {
    const lines = logger.lines.filter((l) => /could not be|failed/.test(l.message));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.level).toBe('warn');
      expect(line.trace).toBeUndefined();
    }
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  }

  const initialize = (app: BootedApp, token: string) =>
    postJson(app.url(), initializeRequest(), { authorization: `Bearer ${token}` });

  it('introspection endpoint closed: 503 + Retry-After, counted, warn without stack', async () => {
    const app = await boot(new IntrospectionTokenVerifier({ endpoint: await closedUrl() }));
    expectUnavailable(await initialize(app, 'some-token'));
    expectUnavailable(await initialize(app, 'some-token'));
    expect(app.app.get(McpServer).stats().refused.authorizationUnavailable).toBe(2);
    expectLoggedOnceAtWarn();
  });

  it('introspection endpoint answering 500: 503, no upstream text', async () => {
    const failing = await startFailingServer(500);
    upstream = failing;
    const app = await boot(
      new IntrospectionTokenVerifier({ endpoint: `${failing.url}/introspect` }),
    );
    expectUnavailable(await initialize(app, 'some-token'));
    expectLoggedOnceAtWarn();
  });

  it('JWKS answering 500: 503 (was 401 "malformed")', async () => {
    const failing = await startFailingServer(500);
    upstream = failing;
    const app = await boot(
      new JwtAccessTokenVerifier({
        issuer: 'https://as.example',
        audience: 'x',
        jwksUri: `${failing.url}/jwks`,
      }),
    );
    expectUnavailable(await initialize(app, 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.e30.c2ln'));
    expectLoggedOnceAtWarn();
  });

  it('JWKS unreachable and metadata discovery unreachable: 503', async () => {
    const app = await boot(
      new JwtAccessTokenVerifier({
        issuer: 'https://as.example',
        audience: 'x',
        jwksUri: `${await closedUrl()}/jwks`,
      }),
    );
    expectUnavailable(await initialize(app, 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.e30.c2ln'));
    await booted!.close();
    const discovering = await boot(
      new JwtAccessTokenVerifier({ issuer: await closedUrl(), audience: 'x' }),
    );
    expectUnavailable(
      await initialize(discovering, 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.e30.c2ln'),
    );
    expectLoggedOnceAtWarn();
  });
});
