import { request } from 'node:http';
import { McpServer } from '../../lib/index.js';
import { startApp, type TestApp, type TestAppOptions } from './support/app.js';
import { jsonBody, openSse, postJson, type SseReader } from './support/raw-http.js';
import { waitFor } from './support/wait.js';

const VERSION = '2026-07-28';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026-client', version: '1.0.0' },
};

/** Headers a 2026-07-28 client sends on a request (SEP-2243). */
function modernHeaders(method: string): Record<string, string> {
  return { 'mcp-protocol-version': VERSION, 'mcp-method': method };
}

/** The JSON-RPC body of a 2026-07-28 `subscriptions/listen` request. */
function listenBody(id: number | string, notifications: Record<string, unknown>): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'subscriptions/listen',
    params: { _meta: META, notifications },
  });
}

/** Opens a listen stream over raw HTTP. */
function listen(app: TestApp, id: number | string, notifications: Record<string, unknown>) {
  return openSse(app.url, {
    method: 'POST',
    headers: modernHeaders('subscriptions/listen'),
    body: listenBody(id, notifications),
  });
}

/** The next JSON-RPC message of a stream. */
async function nextMessage(stream: SseReader): Promise<Record<string, unknown> | undefined> {
  const event = await stream.until((e) => e.data !== '');
  return event && (JSON.parse(event.data) as Record<string, unknown>);
}

describe('subscriptions/listen over Streamable HTTP (2026-07-28)', () => {
  let app: TestApp;
  const streams: SseReader[] = [];

  async function boot(options: TestAppOptions = {}) {
    app = await startApp(options);
    return app;
  }

  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.abort();
    await app?.close();
  });

  it('acknowledges the filter, then streams a runtime tool registration, not a prompt change', async () => {
    await boot();
    const server = app.app.get(McpServer);
    server.registerPrompt({ name: 'seed' }, () => 'seed'); // prompts.listChanged is advertised
    const stream = await listen(app, 'tools-only', { toolsListChanged: true, unknownKey: true });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(await nextMessage(stream)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUB]: 'tools-only' }, notifications: { toolsListChanged: true } },
    });
    server.registerPrompt({ name: 'late-prompt' }, () => 'p');
    server.registerTool({ name: 'late-tool' }, () => 'late');
    expect(await nextMessage(stream)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUB]: 'tools-only' } },
    });
  });

  it('unregisters the stream when the client closes it', async () => {
    await boot();
    const hub = app.app.get(McpServer).core.listen!;
    const stream = await listen(app, 1, { toolsListChanged: true });
    await nextMessage(stream);
    expect(hub.size).toBe(1);
    stream.abort();
    await waitFor(() => hub.size === 0, { description: 'the hub to drop the stream' });
  });

  it('refuses a stream over limits.maxStreams with 503, Retry-After and -32000', async () => {
    await boot({ limits: { maxStreams: 1 } });
    const first = await listen(app, 1, { toolsListChanged: true });
    streams.push(first);
    await nextMessage(first);
    const refused = await postJson(app.url, listenBody(2, { toolsListChanged: true }), {
      ...modernHeaders('subscriptions/listen'),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(jsonBody(refused)).toMatchObject({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32000, data: { limit: 'maxStreams', max: 1 } },
    });
    expect(app.app.get(McpServer).stats().refused.maxStreams).toBe(1);
  });

  it('ends every stream with the listen result when the app shuts down', async () => {
    await boot();
    const stream = await listen(app, 9, { promptsListChanged: true });
    await nextMessage(stream);
    const closing = app.close();
    expect(await nextMessage(stream)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: expect.objectContaining({
        resultType: 'complete',
        _meta: expect.objectContaining({ [SUB]: 9 }),
      }) as unknown,
    });
    expect(await stream.next()).toBeUndefined();
    await closing;
  });

  it('writes `:` keep-alive comments every keepAliveMs', async () => {
    await boot({ listen: { keepAliveMs: 20 } });
    const comment = await new Promise<string>((resolve, reject) => {
      const req = request(app.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...modernHeaders('subscriptions/listen'),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
          const line = text.split('\n').find((l) => l.startsWith(':'));
          if (line !== undefined) {
            resolve(line);
            req.destroy();
          }
        });
      });
      req.end(listenBody(1, { toolsListChanged: true }));
    });
    expect(comment.startsWith(':')).toBe(true);
  });

  it('with listen: false the method is unknown (404, -32601)', async () => {
    await boot({ listen: false });
    const response = await postJson(app.url, listenBody(3, { toolsListChanged: true }), {
      ...modernHeaders('subscriptions/listen'),
    });
    expect(response.status).toBe(404);
    expect(jsonBody(response)).toMatchObject({ id: 3, error: { code: -32601 } });
  });
});
