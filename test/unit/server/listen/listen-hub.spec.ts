import { McpError } from '../../../../lib/errors/mcp.error.js';
import { ListenHub } from '../../../../lib/server/listen/listen-hub.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpServerOptions } from '../../../../lib/server/mcp-server-options.interface.js';
import type { SubscriptionFilter } from '../../../../lib/protocol/schema/index.js';
import { InMemoryMessageBus } from '../../../../lib/stores/in-memory-message-bus.js';
import { listChangedWindow } from '../harness.js';
import { FakeOutlet } from './fake-outlet.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';
const README = 'test://readme';

/** A server with a tool, a prompt and a resource on a real in-memory bus. */
function setup(options: Partial<McpServerOptions> = {}) {
  const bus = new InMemoryMessageBus();
  const server = new McpServer({ name: 'listen-test', version: '1.0.0', ...options }, bus);
  server.registerTool({ name: 'echo' }, () => 'x');
  server.registerPrompt({ name: 'greet' }, () => 'hi');
  server.registerResource({ name: 'readme', uri: README }, () => 'text');
  const hub = server.core.listen as ListenHub;
  const open = (id: number | string, filter: SubscriptionFilter) => {
    const outlet = new FakeOutlet();
    const controller = new AbortController();
    const ended = hub.open({ id, filter, outlet, signal: controller.signal });
    return { outlet, controller, ended };
  };
  return { bus, server, hub, open };
}

describe('ListenHub', () => {
  it('writes the acknowledgement first: honoured subset, tagged with the request id as sent', () => {
    const { open } = setup();
    const numeric = open(42, { toolsListChanged: true, resourceSubscriptions: [README] });
    const text = open('listen-a', { promptsListChanged: true });
    expect(numeric.outlet.frames).toEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: { [SUB]: 42 },
          notifications: { toolsListChanged: true, resourceSubscriptions: [README] },
        },
      },
    ]);
    expect(text.outlet.frames).toEqual([
      {
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { [SUB]: 'listen-a' }, notifications: { promptsListChanged: true } },
      },
    ]);
  });

  it('drops unknown filter keys and kinds asked as false from the acknowledgement', () => {
    const { open } = setup();
    const filter = { toolsListChanged: true, promptsListChanged: false, taskIds: ['t1'], x: 1 };
    const { outlet } = open(1, filter);
    expect(outlet.frames[0]?.params.notifications).toEqual({ toolsListChanged: true });
  });

  it('honours only what the capabilities offer', () => {
    const bus = new InMemoryMessageBus();
    const server = new McpServer({ name: 'tools-only', version: '1.0.0' }, bus);
    server.registerTool({ name: 'echo' }, () => 'x');
    const outlet = new FakeOutlet();
    void server.core.listen?.open({
      id: 1,
      filter: {
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: [README],
      },
      outlet,
      signal: new AbortController().signal,
    });
    expect(outlet.frames[0]?.params.notifications).toEqual({ toolsListChanged: true });
    server.notifyListChanged('prompts');
    expect(outlet.methods).toEqual(['notifications/subscriptions/acknowledged']);
  });

  it('delivers a list change only to the streams that asked for its kind, tagged with their id', async () => {
    const { server, open } = setup();
    await listChangedWindow();
    const tools = open(1, { toolsListChanged: true });
    const prompts = open('p', { promptsListChanged: true });
    const both = open(3, { toolsListChanged: true, promptsListChanged: true });
    server.notifyListChanged('tools');
    server.notifyListChanged('prompts');
    server.notifyListChanged('resources');
    await listChangedWindow();
    expect(tools.outlet.frames.slice(1)).toEqual([
      { method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 1 } } },
    ]);
    expect(prompts.outlet.frames.slice(1)).toEqual([
      { method: 'notifications/prompts/list_changed', params: { _meta: { [SUB]: 'p' } } },
    ]);
    expect(both.outlet.methods.slice(1)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
    ]);
  });

  it('does not tell a stream opened after a burst of the changes it predates', async () => {
    const { server, open } = setup(); // its three registrations: a window per kind is open
    server.registerTool({ name: 'late' }, () => 'y'); // pending at the tools window's end
    const stream = open(1, { toolsListChanged: true });
    await listChangedWindow();
    expect(stream.outlet.methods.slice(1)).toEqual([]);
    server.registerTool({ name: 'later' }, () => 'z');
    await listChangedWindow();
    expect(stream.outlet.methods.slice(1)).toEqual(['notifications/tools/list_changed']);
  });

  it('delivers resource updates only to streams subscribed to that URI', () => {
    const { server, open } = setup();
    const readme = open(1, { resourceSubscriptions: [README] });
    const other = open(2, { resourceSubscriptions: ['test://other'], resourcesListChanged: true });
    server.notifyResourceUpdated(README);
    expect(readme.outlet.frames.slice(1)).toEqual([
      { method: 'notifications/resources/updated', params: { uri: README, _meta: { [SUB]: 1 } } },
    ]);
    expect(other.outlet.methods).toEqual(['notifications/subscriptions/acknowledged']);
  });

  it('sends tools/list_changed when a tool is registered or removed at runtime', async () => {
    const { server, open } = setup();
    const { outlet } = open(7, { toolsListChanged: true });
    await listChangedWindow();
    server.registerTool({ name: 'late' }, () => 'y'); // announced at once
    server.removeTool('late'); // announced at the end of the window
    server.registerPrompt({ name: 'late-prompt' }, () => 'p');
    await listChangedWindow();
    expect(outlet.frames.slice(1)).toEqual([
      { method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 7 } } },
      { method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 7 } } },
    ]);
  });

  it('unregisters silently when the request signal aborts', async () => {
    const { server, hub, open } = setup();
    const stream = open(1, { toolsListChanged: true });
    expect(hub.size).toBe(1);
    stream.controller.abort();
    expect(hub.size).toBe(0);
    server.notifyListChanged('tools');
    expect(stream.outlet.methods).toEqual(['notifications/subscriptions/acknowledged']);
    await expect(stream.ended).resolves.toEqual({ resultType: 'complete', _meta: { [SUB]: 1 } });
  });

  it('writes nothing for an already aborted request', async () => {
    const { hub } = setup();
    const outlet = new FakeOutlet();
    const controller = new AbortController();
    controller.abort();
    await hub.open({
      id: 1,
      filter: { toolsListChanged: true },
      outlet,
      signal: controller.signal,
    });
    expect(outlet.frames).toEqual([]);
    expect(hub.size).toBe(0);
  });

  it('refuses streams over limits.maxStreams with -32000 and data.limit, writing nothing, counted', () => {
    const { server, hub, open } = setup({ limits: { maxStreams: 2 } });
    const first = open(1, { toolsListChanged: true });
    open(2, { toolsListChanged: true });
    const outlet = new FakeOutlet();
    const refused = () =>
      hub.open({ id: 3, filter: {}, outlet, signal: new AbortController().signal });
    expect(refused).toThrow(McpError);
    try {
      refused();
    } catch (error) {
      expect((error as McpError).toJson()).toEqual({
        code: -32000,
        message: 'Too many listen streams (limit 2)',
        data: { limit: 'maxStreams', max: 2, retryAfterSeconds: 1 },
      });
    }
    expect(outlet.frames).toEqual([]);
    expect(server.stats().refused.maxStreams).toBe(2);
    first.controller.abort();
    expect(() => open(4, {})).not.toThrow();
    expect(hub.size).toBe(2);
  });

  it('ends every stream with the listen result when the server closes', async () => {
    const { server, hub, open } = setup();
    const a = open(1, { toolsListChanged: true });
    const b = open('b', {});
    server.close();
    await expect(a.ended).resolves.toEqual({ resultType: 'complete', _meta: { [SUB]: 1 } });
    await expect(b.ended).resolves.toEqual({ resultType: 'complete', _meta: { [SUB]: 'b' } });
    expect(hub.size).toBe(0);
    expect(() => open(3, {})).toThrow(/shutting down/);
  });

  it('ends a stream whose outlet fails with that error and keeps serving the others', async () => {
    const { server, hub, open } = setup();
    const broken = open(1, { toolsListChanged: true });
    const healthy = open(2, { toolsListChanged: true });
    const failure = new Error('socket gone');
    broken.outlet.failWith = failure;
    server.notifyListChanged('tools');
    await expect(broken.ended).rejects.toBe(failure);
    expect(healthy.outlet.methods).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    expect(hub.size).toBe(1);
  });

  it('applies the defaults and is absent with listen: false', () => {
    expect(setup().hub.limits).toEqual({
      maxStreams: 1000,
      keepAliveMs: 15_000,
      retryAfterSeconds: 1,
    });
    // The deprecated listen.maxStreams is still read when limits.maxStreams is absent.
    expect(setup({ listen: { maxStreams: 7 } }).hub.limits.maxStreams).toBe(7);
    expect(setup({ listen: { keepAliveMs: 500 } }).hub.limits.keepAliveMs).toBe(500);
    expect(setup({ listen: false }).server.core.listen).toBeUndefined();
  });
});
