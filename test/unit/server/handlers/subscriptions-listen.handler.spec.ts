import { listenCapabilities } from '../../../../lib/server/listen/honoured-filter.js';
import type { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpServerOptions } from '../../../../lib/server/mcp-server-options.interface.js';
import { TestClient, listChangedWindow, makeServer, settle, until } from '../harness.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';
const ACK = 'notifications/subscriptions/acknowledged';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function serverWith(options: Partial<McpServerOptions> = {}): McpServer {
  const server = makeServer(options);
  server.registerTool({ name: 'echo' }, () => 'x');
  server.registerPrompt({ name: 'greet' }, () => 'hi');
  return server;
}

/** Listen params of a 2026-07-28 request on a connection (stdio / WebSocket path). */
function listenParams(notifications: unknown): Record<string, unknown> {
  return { _meta: META, notifications };
}

/** Everything the server sent about request `id` so far (frames tagged with it, its response). */
function frames(client: TestClient, id: number | string) {
  return client.out
    .map((m) => m.message as unknown as Record<string, unknown>)
    .filter((m) => {
      const meta = (m.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
      return meta?.[SUB] === id || ('id' in m && m.id === id);
    });
}

describe('subscriptions/listen through the stateless dispatch (a connection)', () => {
  it('acknowledges, streams the asked kinds only, and is still open afterwards', async () => {
    const server = serverWith();
    const client = TestClient.connect(server);
    const id = client.start('subscriptions/listen', listenParams({ toolsListChanged: true }));
    await until(() => client.notifications(ACK)[0], 'the acknowledgement');
    server.registerTool({ name: 'late' }, () => 'y');
    server.registerPrompt({ name: 'late-prompt' }, () => 'p');
    await listChangedWindow();
    expect(frames(client, id)).toEqual([
      {
        jsonrpc: '2.0',
        method: ACK,
        params: { _meta: { [SUB]: id }, notifications: { toolsListChanged: true } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { [SUB]: id } },
      },
    ]);
    expect(server.core.listen?.size).toBe(1);
  });

  it('ignores unknown filter keys and does not echo them', async () => {
    const client = TestClient.connect(serverWith());
    client.start('subscriptions/listen', listenParams({ promptsListChanged: true, later: true }));
    const ack = await until(() => client.notificationParams(ACK)[0], 'the acknowledgement');
    expect(ack?.notifications).toEqual({ promptsListChanged: true });
  });

  it('ends on notifications/cancelled: unregistered, no response', async () => {
    const server = serverWith();
    const client = TestClient.connect(server);
    const id = client.start('subscriptions/listen', listenParams({ toolsListChanged: true }));
    await until(() => client.notifications(ACK)[0], 'the acknowledgement');
    client.notify('notifications/cancelled', { requestId: id });
    expect(server.core.listen?.size).toBe(0);
    server.notifyListChanged('tools');
    await settle();
    expect(frames(client, id).map((m) => m.method)).toEqual([ACK]);
  });

  it('resolves with the listen result, tagged and stamped, when the hub closes', async () => {
    const server = serverWith();
    const client = TestClient.connect(server);
    const id = client.start('subscriptions/listen', listenParams({ toolsListChanged: true }));
    await until(() => client.notifications(ACK)[0], 'the acknowledgement');
    server.core.listen?.close();
    const response = await client.response(id);
    expect(response).toMatchObject({
      id,
      result: { resultType: 'complete', _meta: { [SUB]: id } },
    });
  });

  it('answers the listen result on the connection when the server closes, then closes it', async () => {
    const server = serverWith();
    const client = TestClient.connect(server);
    const id = client.start('subscriptions/listen', listenParams({ promptsListChanged: true }));
    await until(() => client.notifications(ACK)[0], 'the acknowledgement');
    server.close();
    expect(await client.response(id)).toMatchObject({
      id,
      result: { resultType: 'complete', _meta: { [SUB]: id } },
    });
    await until(() => (client.session.closed ? true : undefined), 'the session to close');
    expect(server.sessionCount).toBe(0);
  });

  it.each([
    ['a wrong type', { toolsListChanged: 'yes' }, /toolsListChanged/],
    ['a wrong URI list', { resourceSubscriptions: 'test://x' }, /resourceSubscriptions/],
    ['no filter', undefined, /notifications/],
  ])('answers %s with -32602 naming the field, writing nothing', async (_case, filter, field) => {
    const server = serverWith();
    const client = TestClient.connect(server);
    const params = filter === undefined ? { _meta: META } : listenParams(filter);
    const error = await client.error('subscriptions/listen', params);
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(field);
    expect(client.notifications()).toEqual([]);
    expect(server.core.listen?.size).toBe(0);
  });

  it('refuses more streams than the limit with -32000 and data.limit', async () => {
    const client = TestClient.connect(serverWith({ listen: { maxStreams: 1 } }));
    client.start('subscriptions/listen', listenParams({ toolsListChanged: true }));
    const error = await client.error(
      'subscriptions/listen',
      listenParams({ toolsListChanged: true }),
    );
    expect(error).toEqual({
      code: -32000,
      message: 'Too many listen streams (limit 1)',
      data: { limit: 'maxStreams', max: 1, retryAfterSeconds: 1 },
    });
  });

  it('with listen: false: -32601, and discover offers no listChanged nor subscribe', async () => {
    const server = serverWith({ listen: false });
    server.registerResource({ name: 'r', uri: 'test://r' }, () => 'r');
    const client = TestClient.connect(server);
    const error = await client.error(
      'subscriptions/listen',
      listenParams({ toolsListChanged: true }),
    );
    expect(error.code).toBe(-32601);
    const discover = await client.result('server/discover', { _meta: META });
    expect(discover.capabilities).toMatchObject({ tools: {}, prompts: {}, resources: {} });
    expect(JSON.stringify(discover.capabilities)).not.toMatch(/listChanged|subscribe/);
    // The 2025 era is unchanged.
    const legacy = TestClient.connect(server, 's2');
    const init = await legacy.initialize();
    expect(init.capabilities).toMatchObject({ tools: { listChanged: true } });
  });

  it('with listen on, discover keeps listChanged', async () => {
    const client = TestClient.connect(serverWith());
    const discover = await client.result('server/discover', { _meta: META });
    expect(discover.capabilities).toMatchObject({ tools: { listChanged: true } });
  });

  it('is unknown in the 2025 session era', async () => {
    const client = TestClient.connect(serverWith());
    await client.initialize();
    expect((await client.error('subscriptions/listen', { notifications: {} })).code).toBe(-32601);
  });
});

describe('listenCapabilities', () => {
  const caps = {
    logging: {},
    tools: { listChanged: true },
    prompts: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    completions: {},
  };

  it('drops listChanged and subscribe when listen is off', () => {
    expect(listenCapabilities(caps, false)).toEqual({
      logging: {},
      tools: {},
      prompts: {},
      resources: {},
      completions: {},
    });
    expect(caps.resources).toEqual({ subscribe: true, listChanged: true });
  });

  it('keeps the capabilities as they are when listen is on', () => {
    expect(listenCapabilities(caps, true)).toBe(caps);
  });
});
