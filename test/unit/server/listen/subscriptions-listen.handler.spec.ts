import { McpError } from '../../../../lib/errors/mcp.error.js';
import { listenCapabilities } from '../../../../lib/server/listen/honoured-filter.js';
import { subscriptionsListen } from '../../../../lib/server/listen/subscriptions-listen.handler.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpServerOptions } from '../../../../lib/server/mcp-server-options.interface.js';
import { InMemoryMessageBus } from '../../../../lib/stores/in-memory-message-bus.js';
import { FakeSink } from './fake-sink.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function serverWith(options: Partial<McpServerOptions> = {}) {
  const server = new McpServer({ name: 'h', version: '1', ...options }, new InMemoryMessageBus());
  server.registerTool({ name: 'echo' }, () => 'x');
  server.registerPrompt({ name: 'greet' }, () => 'hi');
  return server;
}

/** Calls the handler the way the modern dispatch does: raw params, id, signal, outlet. */
function listen(server: McpServer, params: unknown, requestId: number | string = 1) {
  const sink = new FakeSink();
  const controller = new AbortController();
  const ended = subscriptionsListen(server.core.listen, params, {
    requestId,
    signal: controller.signal,
    sink,
  });
  return { sink, controller, ended };
}

async function errorOf(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

describe('subscriptions/listen handler', () => {
  it('acknowledges, streams the asked kinds and resolves only when the server closes', async () => {
    const server = serverWith();
    const { sink, ended } = listen(
      server,
      { _meta: META, notifications: { toolsListChanged: true } },
      'L1',
    );
    let done = false;
    void ended.then(() => (done = true));
    server.registerTool({ name: 'late' }, () => 'y');
    server.registerPrompt({ name: 'late-prompt' }, () => 'p');
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    expect(sink.frames).toEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { [SUB]: 'L1' }, notifications: { toolsListChanged: true } },
      },
      { method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 'L1' } } },
    ]);
    server.close();
    await expect(ended).resolves.toEqual({ resultType: 'complete', _meta: { [SUB]: 'L1' } });
  });

  it('ignores unknown filter keys and does not echo them', () => {
    const server = serverWith();
    const filter = { promptsListChanged: true, somethingNew: true, taskIds: ['t'] };
    const { sink } = listen(server, { _meta: META, notifications: filter });
    expect(sink.frames[0]?.params.notifications).toEqual({ promptsListChanged: true });
  });

  it.each([
    ['a wrong type', { notifications: { toolsListChanged: 'yes' } }, /toolsListChanged/],
    [
      'a wrong URI list',
      { notifications: { resourceSubscriptions: 'test://x' } },
      /resourceSubscriptions/,
    ],
    ['no filter', { _meta: META }, /notifications/],
    ['no params', undefined, /notifications/],
  ])('answers %s with -32602 naming the field, writing nothing', async (_case, params, field) => {
    const server = serverWith();
    const { sink, ended } = listen(server, params);
    const error = await errorOf(ended);
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(field);
    expect(sink.frames).toEqual([]);
    expect(server.core.listen?.size).toBe(0);
  });

  it('is an unknown method (-32601) with listen: false', async () => {
    const server = serverWith({ listen: false });
    const { sink, ended } = listen(server, { _meta: META, notifications: {} });
    const error = await errorOf(ended);
    expect(error.toJson()).toEqual({
      code: -32601,
      message: 'Method not found: subscriptions/listen',
      data: { method: 'subscriptions/listen' },
    });
    expect(sink.frames).toEqual([]);
  });

  it('refuses more streams than the limit with -32000 and data.limit', async () => {
    const server = serverWith({ listen: { maxStreams: 1 } });
    listen(server, { notifications: { toolsListChanged: true } }, 1);
    const second = listen(server, { notifications: { toolsListChanged: true } }, 2);
    expect((await errorOf(second.ended)).toJson()).toEqual({
      code: -32000,
      message: 'Too many listen streams (limit 1)',
      data: { limit: 1 },
    });
    expect(second.sink.frames).toEqual([]);
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
