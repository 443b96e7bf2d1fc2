import { ENDPOINT_MOUNT_ROWS, startApp, type TestApp } from './support/app.js';
import {
  initializeRequest,
  jsonBody,
  parseSse,
  postJson,
  rawId,
  rawRequest,
  type RawHeaders,
} from './support/raw-http.js';

const VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
};

interface Body {
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/** Headers a 2026-07-28 client sends for `method` (Mcp-Name from `name`). */
function modernHeaders(method: string, name?: string): RawHeaders {
  return {
    'mcp-protocol-version': VERSION,
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name }),
  };
}

function modern(
  url: URL,
  method: string,
  params: Record<string, unknown> = {},
  headers: RawHeaders = modernHeaders(method, (params.name ?? params.uri) as string | undefined),
  meta: Record<string, unknown> = META,
) {
  const id = rawId();
  const body = {
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: { ...meta, ...(params._meta as object) } },
  };
  return { id, response: postJson(url, body, headers) };
}

describe.each(ENDPOINT_MOUNT_ROWS)(
  '2026-07-28 stateless requests over Streamable HTTP (dual era)%s',
  (_, fastPath) => {
    let server: TestApp;

    beforeAll(async () => {
      server = await startApp({
        fastPath,
        cache: { lists: { ttlMs: 60_000, cacheScope: 'public' } },
        extensions: { 'io.example/ext': { on: true } },
        instructions: 'be nice',
      });
    });

    afterAll(async () => {
      await server.close();
    });

    it('server/discover: versions, capabilities with extensions, instructions, hints, serverInfo', async () => {
      const { id, response } = modern(server.url, 'server/discover');
      const res = await response;
      expect(res.status).toBe(200);
      expect(res.headers['mcp-session-id']).toBeUndefined();
      const body = jsonBody<Body>(res);
      expect(body.id).toBe(id);
      expect(body.result).toMatchObject({
        resultType: 'complete',
        supportedVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']),
        capabilities: { tools: {}, extensions: { 'io.example/ext': { on: true } } },
        instructions: 'be nice',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'e2e-server', version: '1.0.0' } },
      });
      expect(server.handler.sessions.size).toBe(0);
    });

    it('tools/list carries the module cache hint; tools/call answers complete', async () => {
      const list = jsonBody<Body>(await modern(server.url, 'tools/list').response);
      expect(list.result).toMatchObject({
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
      });
      const call = modern(server.url, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
      const body = jsonBody<Body>(await call.response);
      expect(body.id).toBe(call.id);
      expect(body.result).toMatchObject({
        resultType: 'complete',
        content: [{ type: 'text', text: 'echo: hi' }],
      });
      expect(body.result).not.toHaveProperty('ttlMs');
      // The members the server adds are written after the result's own, as compact JSON: the
      // same bytes as the stamped result object's encoding.
      const res = await modern(server.url, 'tools/call', {
        name: 'echo',
        arguments: { text: 'hi' },
      }).response;
      expect(res.text).toBe(JSON.stringify(JSON.parse(res.text)));
      expect(res.text).toMatch(
        /"result":\{"content":\[\{"type":"text","text":"echo: hi"\}\],"resultType":"complete","_meta":\{"io\.modelcontextprotocol\/serverInfo":\{"name":"e2e-server","version":"1\.0\.0"\}\}\}\}$/,
      );
    });

    it('concurrent calls are answered independently', async () => {
      const calls = Array.from({ length: 8 }, (_, i) =>
        modern(server.url, 'tools/call', { name: 'echo', arguments: { text: `n${i}` } }),
      );
      const bodies = await Promise.all(calls.map(async (c) => jsonBody<Body>(await c.response)));
      bodies.forEach((body, i) => {
        expect(body.id).toBe(calls[i]!.id);
        expect(body.result?.content).toEqual([{ type: 'text', text: `echo: n${i}` }]);
      });
    });

    it('progress goes out as SSE; no log message without a requested log level', async () => {
      const call = modern(server.url, 'tools/call', {
        name: 'progress_logs',
        arguments: { steps: 2 },
        _meta: { progressToken: 'p1' },
      });
      const res = await call.response;
      expect(res.headers['content-type']).toContain('text/event-stream');
      const messages = parseSse(res.text).map((e) => JSON.parse(e.data) as Record<string, unknown>);
      const methods = messages.map((m) => m.method);
      expect(methods.filter((m) => m === 'notifications/progress')).toHaveLength(2);
      expect(methods).not.toContain('notifications/message');
      expect(messages.at(-1)).toMatchObject({ id: call.id, result: { resultType: 'complete' } });
    });

    it('log messages at and above the requested level', async () => {
      const call = modern(server.url, 'tools/call', {
        name: 'progress_logs',
        arguments: { steps: 1 },
        _meta: { 'io.modelcontextprotocol/logLevel': 'warning' },
      });
      const messages = parseSse((await call.response).text).map(
        (e) => JSON.parse(e.data) as { method?: string; params?: { level?: string } },
      );
      const levels = messages
        .filter((m) => m.method === 'notifications/message')
        .map((m) => m.params?.level);
      expect(levels).toEqual(['warning', 'error']);
    });

    it('an unknown resource is -32602 with the uri', async () => {
      const read = modern(server.url, 'resources/read', { uri: 'test://nope' });
      const body = jsonBody<Body>(await read.response);
      expect(body.error).toMatchObject({ code: -32602, data: { uri: 'test://nope' } });
    });

    describe('bad input (every error echoes the id)', () => {
      it.each([
        ['missing Mcp-Method', { 'mcp-protocol-version': VERSION }],
        ['mismatched Mcp-Method', modernHeaders('prompts/list')],
        ['Mcp-Method in upper case', modernHeaders('TOOLS/LIST')],
        ['missing MCP-Protocol-Version', { 'mcp-method': 'tools/list' }],
      ])('%s → 400 -32020', async (_, headers) => {
        const { id, response } = modern(server.url, 'tools/list', {}, headers);
        const res = await response;
        expect(res.status).toBe(400);
        expect(jsonBody<Body>(res)).toMatchObject({ id, error: { code: -32020 } });
      });

      it.each([
        ['missing Mcp-Name', modernHeaders('tools/call')],
        ['mismatched Mcp-Name', modernHeaders('tools/call', 'add')],
        ['bad base64 Mcp-Name', modernHeaders('tools/call', '=?base64?ZWNo?=')],
      ])('tools/call with %s → 400 -32020', async (_, headers) => {
        const { id, response } = modern(
          server.url,
          'tools/call',
          { name: 'echo', arguments: { text: 'x' } },
          headers,
        );
        const res = await response;
        expect(res.status).toBe(400);
        expect(jsonBody<Body>(res)).toMatchObject({ id, error: { code: -32020 } });
      });

      it('Mcp-Name with OWS and in base64 form is accepted', async () => {
        for (const name of ['  echo  ', '=?base64?ZWNobw==?=']) {
          const call = modern(
            server.url,
            'tools/call',
            { name: 'echo', arguments: { text: 'x' } },
            modernHeaders('tools/call', name),
          );
          expect((await call.response).status).toBe(200);
        }
      });

      it.each([
        ['no _meta version', { 'io.modelcontextprotocol/clientCapabilities': {} }],
        ['no _meta capabilities', { 'io.modelcontextprotocol/protocolVersion': VERSION }],
      ])('%s → 400 -32602', async (_, meta) => {
        const { id, response } = modern(
          server.url,
          'server/discover',
          {},
          modernHeaders('server/discover'),
          meta,
        );
        const res = await response;
        expect(res.status).toBe(400);
        expect(jsonBody<Body>(res)).toMatchObject({ id, error: { code: -32602 } });
      });

      it('an unsupported version → 400 -32022 naming the supported versions', async () => {
        const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' };
        const headers = { ...modernHeaders('server/discover'), 'mcp-protocol-version': 'v999.0.0' };
        const { id, response } = modern(server.url, 'server/discover', {}, headers, meta);
        const res = await response;
        expect(res.status).toBe(400);
        const body = jsonBody<Body>(res);
        expect(body).toMatchObject({
          id,
          error: { code: -32022, data: { requested: 'v999.0.0' } },
        });
        expect(body.error?.data?.supported).toContain('2026-07-28');
      });

      it('header version different from _meta → -32020 (checked before the version)', async () => {
        const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' };
        const res = await modern(
          server.url,
          'server/discover',
          {},
          modernHeaders('server/discover'),
          meta,
        ).response;
        expect(res.status).toBe(400);
        expect(jsonBody<Body>(res).error?.code).toBe(-32020);
      });

      it.each(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'unknown/method'])(
        '%s → 404 -32601',
        async (method) => {
          const { id, response } = modern(
            server.url,
            method,
            { uri: 'test://static/readme' },
            modernHeaders(method),
          );
          const res = await response;
          expect(res.status).toBe(404);
          expect(jsonBody<Body>(res)).toMatchObject({ id, error: { code: -32601 } });
        },
      );

      it('a missing sampling capability → 400 -32021 with requiredCapabilities', async () => {
        const call = modern(server.url, 'tools/call', {
          name: 'ask_model',
          arguments: { prompt: 'x' },
        });
        const body = jsonBody<Body>(await call.response);
        // ask_model turns the failure into a tool error; the code is visible in its probe.
        expect(body.result?.isError).toBe(true);
        await expect(server.tools.probe.wait('error:ask_model')).resolves.toMatchObject({
          code: -32021,
        });
      });
    });

    it('a 2025 session on the same endpoint is unaffected', async () => {
      const init = await postJson(server.url, initializeRequest());
      expect(init.status).toBe(200);
      expect(init.headers['mcp-session-id']).toBeDefined();
    });
  },
);

describe.each(ENDPOINT_MOUNT_ROWS)("protocolEras: 'modern'%s", (_, fastPath) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp({ protocolEras: 'modern', fastPath });
  });

  afterAll(async () => {
    await server.close();
  });

  it('GET and DELETE are 405', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await rawRequest(server.url, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    }
  });

  it('a 2025 initialize is -32022 naming the modern versions only', async () => {
    const res = await postJson(server.url, {
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'v1', version: '1' },
      },
    });
    expect(res.status).toBe(400);
    expect(jsonBody<Body>(res)).toMatchObject({
      id: 7,
      error: { code: -32022, data: { supported: ['2026-07-28'], requested: '2025-11-25' } },
    });
  });

  it('discover lists only modern versions', async () => {
    const body = jsonBody<Body>(await modern(server.url, 'server/discover').response);
    expect(body.result?.supportedVersions).toEqual(['2026-07-28']);
  });
});

describe("protocolEras: 'legacy'", () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startApp({ protocolEras: 'legacy' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('a 2026-07-28 request is refused as before (400, unsupported version header)', async () => {
    const res = await modern(server.url, 'server/discover').response;
    expect(res.status).toBe(400);
    expect(jsonBody<Body>(res).error?.code).toBe(-32600);
  });
});
