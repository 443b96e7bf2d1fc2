import { z } from 'zod';
import { McpServer } from '../../../lib/server/mcp-server.js';
import type { McpBusEvent, MessageBus } from '../../../lib/stores/message-bus.interface.js';
import { TestClient, listChangedWindow, makeServer, settle } from './harness.js';

const jestApi = import.meta.jest;

describe('McpServer', () => {
  describe('dispatch gates', () => {
    it('refuses requests before initialize with -32600', async () => {
      const server = makeServer();
      server.registerTool({ name: 'echo' }, () => 'x');
      const client = TestClient.connect(server);
      for (const method of ['tools/list', 'tools/call', 'logging/setLevel']) {
        const error = await client.error(method, { name: 'echo', level: 'info' });
        expect(error.code).toBe(-32600);
        expect(error.message).toMatch(/not initialized/);
      }
    });

    it('answers ping before initialize', async () => {
      const client = TestClient.connect(makeServer());
      expect(await client.result('ping')).toEqual({});
    });

    it('answers an unknown method with -32601 naming it, before and after initialize', async () => {
      const client = TestClient.connect(makeServer());
      expect(await client.error('nope/nothing')).toEqual({
        code: -32601,
        message: 'Method not found: nope/nothing',
        data: { method: 'nope/nothing' },
      });
      await client.initialize();
      expect((await client.error('tasks/list')).code).toBe(-32601);
      expect((await client.error('server/discover')).code).toBe(-32601);
    });

    it('answers a method behind an unadvertised capability with -32601', async () => {
      const server = makeServer();
      server.registerTool({ name: 'only-tool' }, () => 'x');
      const client = TestClient.connect(server);
      await client.initialize();
      for (const method of [
        'prompts/list',
        'prompts/get',
        'resources/list',
        'resources/read',
        'resources/templates/list',
        'resources/subscribe',
        'completion/complete',
      ]) {
        expect({ method, code: (await client.error(method, {})).code }).toEqual({
          method,
          code: -32601,
        });
      }
      expect(await client.result('tools/list')).toEqual({
        tools: [{ name: 'only-tool', inputSchema: { type: 'object', properties: {} } }],
      });
    });

    it('opens a gate when the capability is configured without registrations', async () => {
      const server = makeServer({ capabilities: { prompts: {} } });
      const client = TestClient.connect(server);
      await client.initialize();
      expect(await client.result('prompts/list')).toEqual({ prompts: [] });
    });
  });

  describe('capabilities', () => {
    it('advertises only logging when nothing is registered', () => {
      expect(makeServer().core.getCapabilities()).toEqual({ logging: {} });
    });

    it('derives tools, prompts, resources and completions from registrations', () => {
      const server = makeServer();
      server.registerTool({ name: 't' }, () => 'x');
      expect(server.core.getCapabilities()).toEqual({ logging: {}, tools: { listChanged: true } });

      server.registerPrompt({ name: 'p' }, () => 'x');
      expect(server.core.getCapabilities()).toEqual({
        logging: {},
        tools: { listChanged: true },
        prompts: { listChanged: true },
        completions: {},
      });

      server.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a');
      expect(server.core.getCapabilities().resources).toEqual({
        subscribe: true,
        listChanged: true,
      });
    });

    it('advertises resources and completions for a template alone', () => {
      const server = makeServer();
      server.registerResourceTemplate({ uriTemplate: 'u://{id}', name: 'u' }, () => 'x');
      expect(server.core.getCapabilities()).toEqual({
        logging: {},
        resources: { subscribe: true, listChanged: true },
        completions: {},
      });
    });

    it('merges configured capabilities over the derived ones', () => {
      const server = makeServer({
        capabilities: { experimental: { foo: {} }, tools: { extra: true } },
      });
      server.registerTool({ name: 't' }, () => 'x');
      expect(server.core.getCapabilities()).toEqual({
        logging: {},
        tools: { listChanged: true, extra: true },
        experimental: { foo: {} },
      });
    });

    it('recomputes after a registry change', () => {
      const server = makeServer();
      const before = server.core.getCapabilities();
      server.registerTool({ name: 't' }, () => 'x');
      expect(server.core.getCapabilities()).not.toBe(before);
      expect(server.core.getCapabilities().tools).toBeDefined();
      server.removeTool('t');
      expect(server.core.getCapabilities().tools).toBeUndefined();
    });
  });

  describe('initializeResult', () => {
    it('carries version, capabilities, serverInfo (undefined fields dropped) and instructions', () => {
      const server = makeServer({ title: 'Test', instructions: 'Use the tools.' });
      expect(server.core.initializeResult('2025-06-18')).toEqual({
        protocolVersion: '2025-06-18',
        capabilities: { logging: {} },
        serverInfo: { name: 'test-server', version: '1.2.3', title: 'Test' },
        instructions: 'Use the tools.',
      });
      expect('instructions' in makeServer().core.initializeResult('2025-11-25')).toBe(false);
    });

    it('is built once per revision, frozen, and built again once a registration changes the capabilities', () => {
      const server = makeServer();
      const first = server.core.initializeResult('2025-11-25');
      expect(server.core.initializeResult('2025-11-25')).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(server.core.initializeResult('2025-06-18')).not.toBe(first);
      expect(server.core.initializeResult('2025-06-18').protocolVersion).toBe('2025-06-18');
      server.registerTool({ name: 't' }, () => 'x');
      const after = server.core.initializeResult('2025-11-25');
      expect(after).not.toBe(first);
      expect(after.capabilities.tools).toEqual({ listChanged: true });
      expect(first.capabilities.tools).toBeUndefined();
    });
  });

  describe('runtime registration', () => {
    it('sends list_changed to initialized sessions on register and remove', async () => {
      const server = makeServer();
      server.registerTool({ name: 'first' }, () => 'x');
      const client = TestClient.connect(server);
      await client.initialize();

      await listChangedWindow(); // the registration of 'first' opened a coalescing window
      server.registerTool({ name: 'second' }, () => 'y');
      expect(client.notifications('notifications/tools/list_changed')).toHaveLength(1);
      expect(await client.result('tools/list')).toMatchObject({
        tools: [{ name: 'first' }, { name: 'second' }],
      });

      expect(server.removeTool('first')).toBe(true);
      await listChangedWindow(); // within the window of 'second': announced at its end
      expect(client.notifications('notifications/tools/list_changed')).toHaveLength(2);
      expect(await client.result('tools/list')).toMatchObject({ tools: [{ name: 'second' }] });
      expect((await client.error('tools/call', { name: 'first' })).code).toBe(-32602);
    });

    it('does not tell a session opened after a burst of the changes its first list shows', async () => {
      const server = makeServer();
      // Bootstrap-like: the second registration is pending in the first one's window.
      server.registerTool({ name: 'first' }, () => 'x');
      server.registerTool({ name: 'second' }, () => 'y');
      const client = TestClient.connect(server);
      await client.initialize();
      await listChangedWindow(); // the window closes: its announcement predates the session
      expect(client.notifications('notifications/tools/list_changed')).toEqual([]);
      server.registerTool({ name: 'third' }, () => 'z');
      await listChangedWindow(); // a window follows the announced one: 'third' goes at its end
      expect(client.notifications('notifications/tools/list_changed')).toHaveLength(1);
    });

    it('sends nothing for removing an unknown tool', async () => {
      const server = makeServer();
      const client = TestClient.connect(server);
      await client.initialize();
      expect(server.removeTool('ghost')).toBe(false);
      expect(client.notifications()).toEqual([]);
    });

    it('sends the list_changed of the matching kind, coalesced per kind within 50 ms', async () => {
      const server = makeServer();
      // Registered before initialize, so the session is told about prompts and resources.
      server.registerPrompt({ name: 'p0' }, () => 'x');
      server.registerResource({ uri: 'file:///r0', name: 'r0' }, () => 'x');
      const client = TestClient.connect(server);
      await client.initialize();
      await listChangedWindow();
      server.registerPrompt({ name: 'p' }, () => 'x');
      server.registerResource({ uri: 'file:///r', name: 'r' }, () => 'x');
      server.registerResourceTemplate({ uriTemplate: 'u://{id}', name: 'u' }, () => 'x');
      server.removePrompt('p');
      server.removeResource('file:///r');
      server.removeResourceTemplate('u://{id}');
      await listChangedWindow();
      // The first change of each kind at once, the rest of its window once at the end.
      expect(client.notifications().map((n) => (n.message as { method: string }).method)).toEqual([
        'notifications/prompts/list_changed',
        'notifications/resources/list_changed',
        'notifications/prompts/list_changed',
        'notifications/resources/list_changed',
      ]);
    });

    it('does not notify sessions that have not initialized', () => {
      const server = makeServer();
      const client = TestClient.connect(server);
      server.registerTool({ name: 't' }, () => 'x');
      expect(client.out).toEqual([]);
    });

    it('keeps serving tools/list to a session told "tools" after the last tool is removed', async () => {
      // protocol.md §5.2: -32601 is for a method behind a capability that was *not advertised*.
      // This session was told `tools: { listChanged: true }` and then got list_changed, so the
      // follow-up tools/list must answer an empty list, not "Method not found".
      const server = makeServer();
      server.registerTool({ name: 'only' }, () => 'x');
      const client = TestClient.connect(server);
      const init = await client.initialize();
      expect(init.capabilities).toMatchObject({ tools: { listChanged: true } });

      server.removeTool('only');
      await listChangedWindow();
      expect(client.notifications('notifications/tools/list_changed')).toHaveLength(1);
      const response = await client.request('tools/list');
      expect(response).toEqual({ jsonrpc: '2.0', id: expect.anything(), result: { tools: [] } });
    });

    it('sends list_changed only for kinds whose capability the session was told', async () => {
      // protocol.md §4.1: notifications/prompts/list_changed is gated by prompts.listChanged.
      const server = makeServer();
      server.registerTool({ name: 't' }, () => 'x');
      const client = TestClient.connect(server);
      const init = await client.initialize();
      const told = init.capabilities as Record<string, { listChanged?: boolean } | undefined>;

      server.registerPrompt({ name: 'late' }, () => 'x');
      server.registerResource({ uri: 'file:///late', name: 'late' }, () => 'x');
      server.registerTool({ name: 't2' }, () => 'x');
      await listChangedWindow();
      const kinds = client
        .notifications()
        .map(
          (n) =>
            /^notifications\/(\w+)\/list_changed$/.exec(
              (n.message as { method: string }).method,
            )?.[1],
        );
      expect(kinds).toContain('tools');
      for (const kind of kinds)
        expect({ kind, listChanged: told[kind!]?.listChanged }).toEqual({
          kind,
          listChanged: true,
        });
    });

    it('rejects a duplicate tool naming both origins and keeps the first', () => {
      const server = makeServer();
      server.registerTool({ name: 'dup', origin: 'A#dup' }, () => 'a');
      expect(() => server.registerTool({ name: 'dup', origin: 'B#dup' }, () => 'b')).toThrow(
        'B#dup: duplicate tool "dup" (already registered by A#dup)',
      );
      expect(server.tools.get('dup')!.origin).toBe('A#dup');
    });

    it('a removed template no longer serves reads', async () => {
      const server = makeServer();
      server.registerResourceTemplate({ uriTemplate: 'u://{id}', name: 'u' }, ({ id }) => `${id}`);
      server.registerResource({ uri: 'file:///keep', name: 'keep' }, () => 'k');
      const client = TestClient.connect(server);
      await client.initialize();
      expect(await client.result('resources/read', { uri: 'u://1' })).toEqual({
        contents: [{ uri: 'u://1', text: '1' }],
      });
      server.removeResourceTemplate('u://{id}');
      expect((await client.error('resources/read', { uri: 'u://1' })).code).toBe(-32002);
    });
  });

  describe('resource update notifications', () => {
    it('deliver only to sessions subscribed to that URI', async () => {
      const server = makeServer();
      server.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a');
      server.registerResource({ uri: 'file:///b', name: 'b' }, () => 'b');
      const one = TestClient.connect(server, 's1');
      const two = TestClient.connect(server, 's2');
      await one.initialize();
      await two.initialize();
      expect(await one.result('resources/subscribe', { uri: 'file:///a' })).toEqual({});
      expect(await two.result('resources/subscribe', { uri: 'file:///b' })).toEqual({});

      server.notifyResourceUpdated('file:///a');
      expect(one.notificationParams('notifications/resources/updated')).toEqual([
        { uri: 'file:///a' },
      ]);
      expect(two.notifications('notifications/resources/updated')).toEqual([]);

      await one.result('resources/unsubscribe', { uri: 'file:///a' });
      server.notifyResourceUpdated('file:///a');
      expect(one.notifications('notifications/resources/updated')).toHaveLength(1);
    });

    it('go through the message bus', () => {
      const published: McpBusEvent[] = [];
      const bus: MessageBus = {
        publish: (event) => void published.push(event),
        subscribe: () => () => undefined,
      };
      const busServer = new McpServer({ name: 'n', version: '1' }, bus);
      busServer.notifyResourceUpdated('file:///x');
      busServer.registerTool({ name: 't' }, () => 'x');
      expect(published).toEqual([
        { type: 'resource-updated', uri: 'file:///x' },
        { type: 'list-changed', kind: 'tools', since: expect.any(Number) },
      ]);
    });
  });

  describe('sessions', () => {
    it('tracks sessions until they close; close() ends them all and detaches from the bus', async () => {
      const server = makeServer();
      const one = TestClient.connect(server, 's1');
      const two = TestClient.connect(server, 's2');
      await one.initialize();
      expect(server.sessionCount).toBe(2);
      let completed = false;
      one.session.outbound$.subscribe({ complete: () => (completed = true) });
      two.session.close();
      expect(server.sessionCount).toBe(1);

      server.close();
      expect(server.sessionCount).toBe(0);
      expect(one.session.closed).toBe(true);
      expect(completed).toBe(true);
    });

    it('publishes client notifications with their session', async () => {
      const server = makeServer();
      const seen: Array<[string | undefined, string]> = [];
      server.core.clientNotifications$.subscribe(({ session, notification }) =>
        seen.push([session.id, notification.method]),
      );
      const client = TestClient.connect(server, 'abc');
      await client.initialize({ roots: { listChanged: true } });
      client.notify('notifications/roots/list_changed');
      expect(seen).toEqual([
        ['abc', 'notifications/initialized'],
        ['abc', 'notifications/roots/list_changed'],
      ]);
    });

    it('logs handler crashes through the configured logger', async () => {
      const logger = { error: jestApi.fn(), warn: jestApi.fn() };
      const server = makeServer({ logger });
      server.registerResource({ uri: 'file:///boom', name: 'boom' }, () => {
        throw new Error('disk on fire');
      });
      const client = TestClient.connect(server);
      await client.initialize();
      const error = await client.error('resources/read', { uri: 'file:///boom' });
      expect(error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: { correlationId: expect.any(String) },
      });
      await settle();
      expect(logger.error).toHaveBeenCalledWith(
        expect.stringContaining('disk on fire'),
        expect.stringContaining('Error: disk on fire'),
      );
    });
  });

  it('compiles schemas once at registration (bad schemas fail registerTool)', () => {
    const server = makeServer();
    expect(() =>
      server.registerTool({ name: 'bad', inputSchema: z.string(), origin: 'X#bad' }, () => 'x'),
    ).toThrow(/^X#bad: inputSchema must describe an object/);
    expect(server.tools.size).toBe(0);
  });
});
