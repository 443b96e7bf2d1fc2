import { startApp, type TestApp } from './support/app.js';
import {
  initializeRawSession,
  jsonBody,
  postJson,
  rawId,
  rawRequest,
  type RawSession,
} from './support/raw-http.js';

const initialize = () => ({
  jsonrpc: '2.0',
  id: rawId(),
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'x', version: '1' },
  },
});

describe('Origin and Host validation (DNS rebinding protection)', () => {
  let server: TestApp;
  let session: RawSession;

  beforeAll(async () => {
    server = await startApp({ allowedOrigins: ['https://app.example.com'] });
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    session = await initializeRawSession(server.url);
  });

  const ping = (headers: Record<string, string>) =>
    postJson(
      server.url,
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      { ...session.headers, ...headers },
    );

  it('refuses initialize from a foreign Origin with 403 and creates no session', async () => {
    const sessionsBefore = server.handler.sessions.size;
    const response = await postJson(server.url, initialize(), {
      origin: 'http://evil.example.com',
    });
    expect(response.status).toBe(403);
    expect(response.headers['mcp-session-id']).toBeUndefined();
    expect(server.handler.sessions.size).toBe(sessionsBefore);
  });

  it('refuses a request of a live session from a foreign Origin with 403', async () => {
    expect((await ping({ origin: 'http://evil.example.com' })).status).toBe(403);
  });

  it('refuses GET and DELETE from a foreign Origin with 403', async () => {
    const get = await rawRequest(server.url, {
      method: 'GET',
      headers: {
        ...session.headers,
        accept: 'text/event-stream',
        origin: 'http://evil.example.com',
      },
    });
    expect(get.status).toBe(403);
    const del = await rawRequest(server.url, {
      method: 'DELETE',
      headers: { ...session.headers, origin: 'http://evil.example.com' },
    });
    expect(del.status).toBe(403);
    // The refused DELETE did not end the session.
    expect((await ping({})).status).toBe(200);
  });

  it('refuses a foreign Host header with 403', async () => {
    expect((await ping({ host: 'evil.example.com' })).status).toBe(403);
    expect((await ping({ host: `evil.example.com:${server.port}` })).status).toBe(403);
    const response = await postJson(server.url, initialize(), { host: 'evil.example.com' });
    expect(response.status).toBe(403);
  });

  it.each([
    (port: number) => `127.0.0.1:${port}@evil.example`,
    (port: number) => `localhost:${port}@evil.example`,
    () => 'localhost:abc',
    (port: number) => `localhost:${port}/x`,
    (port: number) => `127.1:${port}`,
  ])(
    'refuses a Host that is not exactly host[:port] (%#) with 403 and a -32600 body',
    async (host) => {
      const value = host(server.port);
      for (const response of [
        await ping({ host: value }),
        await postJson(server.url, initialize(), { host: value }),
      ]) {
        expect(response.status).toBe(403);
        expect(jsonBody(response)).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `Forbidden: Host "${value}" is not allowed` },
        });
      }
    },
  );

  it('refuses an Origin with userinfo or a path with 403', async () => {
    for (const origin of [
      `http://127.0.0.1:${server.port}@evil.example`,
      `http://localhost:${server.port}/x`,
    ]) {
      expect((await ping({ origin })).status).toBe(403);
    }
  });

  it('control: loopback Host names and same-machine Origins are accepted', async () => {
    expect((await ping({ host: `localhost:${server.port}` })).status).toBe(200);
    expect((await ping({ host: `127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await ping({ origin: `http://localhost:${server.port}` })).status).toBe(200);
    expect((await ping({ origin: server.origin })).status).toBe(200);
  });

  it('refuses a page of another local app (a loopback Origin on another port) with 403', async () => {
    for (const origin of [
      `http://localhost:${server.port + 1}`,
      'http://127.0.0.1:6274',
      'http://[::1]:4126',
    ]) {
      expect((await ping({ origin })).status).toBe(403);
      expect((await postJson(server.url, initialize(), { origin })).status).toBe(403);
    }
  });

  it('accepts an Origin listed in allowedOrigins', async () => {
    expect((await ping({ origin: 'https://app.example.com' })).status).toBe(200);
    expect((await ping({ origin: 'https://app.example.com.evil.example.com' })).status).toBe(403);
  });
});
