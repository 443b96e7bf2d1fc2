import { McpModule } from '../../../lib/index.js';
import { postJson, rawId, rawRequest } from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

const APP_ORIGIN = 'http://app.example';

/**
 * A browser client on another origin: the app enables CORS, and the transport accepts the origin.
 * The CORS headers the framework adds must survive the transport writing the raw response
 * (on Fastify, the reply is hijacked).
 */
describe.each(PLATFORMS)('CORS on the MCP endpoint on %s', (platform) => {
  let booted: BootedApp;

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [
        McpModule.forRoot({ name: 'cors', version: '1.0.0', allowedOrigins: [APP_ORIGIN] }),
      ],
      providers: [TestTools],
      configure: (app) =>
        app.enableCors({ origin: APP_ORIGIN, exposedHeaders: ['Mcp-Session-Id'] }),
    });
  });
  afterAll(() => booted.close());

  it('answers the preflight', async () => {
    const response = await fetch(booted.url(), {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('keeps the CORS headers on MCP responses, so the browser can read the session id', async () => {
    const response = await postJson(
      booted.url(),
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'browser', version: '1' },
        },
      },
      { origin: APP_ORIGIN },
    );
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(response.headers['access-control-expose-headers']).toMatch(/Mcp-Session-Id/i);
    expect(response.headers['mcp-session-id']).toEqual(expect.any(String));
  });

  it('keeps the CORS headers on refusals too', async () => {
    const response = await rawRequest(booted.url(), {
      headers: { origin: APP_ORIGIN },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });
});
