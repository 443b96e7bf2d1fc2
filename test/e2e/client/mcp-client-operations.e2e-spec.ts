import { firstValueFrom, filter } from 'rxjs';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type { McpClientOptions } from '../../../lib/client/mcp-client-options.interface.js';
import { RequestCancelledError } from '../../../lib/errors/request-cancelled.error.js';
import { McpServer, type McpContext } from '../../../lib/index.js';
import { StreamableHttpClientTransport } from '../../../lib/transports/http/client/streamable-http-client.transport.js';
import { startApp, type TestApp } from '../support/app.js';
import { waitFor, within } from '../support/wait.js';

/**
 * McpClient operations the audit found untested, against our Nest server over Streamable HTTP:
 * cancelling by id and all at once, roots changes as the server sees them, progress on a server
 * request, prompt and resource list changes, caller-chosen progress tokens.
 */
describe('McpClient operations against our server', () => {
  let app: TestApp;
  let server: McpServer;
  const clients: McpClient[] = [];
  let keys = 0;

  beforeAll(async () => {
    app = await startApp();
    server = app.app.get(McpServer);
    // The roots the client currently exposes, as a tool sees them through roots/list.
    server.registerTool({ name: 'roots_now' }, async (_args, ctx: McpContext) => {
      const { roots } = await ctx.listRoots();
      return { content: [{ type: 'text', text: roots.map((r) => r.uri).join(',') }] };
    });
    // Asks the client to sample and reports the progress the client sent on that request.
    server.registerTool({ name: 'sample_with_progress' }, async (_args, ctx: McpContext) => {
      const seen: string[] = [];
      await ctx.sample(
        { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
        { onProgress: (p) => seen.push(`${p.progress}/${p.total}:${p.message}`) },
      );
      return seen.join(' ');
    });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  afterAll(async () => {
    await app?.close();
  });

  async function connect(options: Omit<McpClientOptions, 'transport'> = {}): Promise<McpClient> {
    const transport = new StreamableHttpClientTransport(app.url);
    // Session-era operations (roots, server-initiated requests, the standalone stream).
    const client = new McpClient({ versionNegotiation: 'legacy', ...options, transport });
    clients.push(client);
    await client.connect();
    // Server notifications not tied to a request arrive on the standalone GET stream.
    await waitFor(() => transport.hasStandaloneStream, { description: 'the standalone stream' });
    return client;
  }

  const probe = () => app.tools.probe;
  const started = (key: string) => within(probe().wait(`started:${key}`), 5000, `${key} to start`);
  const aborted = (key: string) => within(probe().wait(`aborted:${key}`), 5000, `${key} aborted`);

  it('cancel(id) cancels that call only: it rejects, the server tool sees its signal fire', async () => {
    const client = await connect();
    const [one, two] = [`c${++keys}`, `c${++keys}`];
    const first = client.callTool('wait_for_cancel', { key: one });
    const second = client.callTool('wait_for_cancel', { key: two });
    await Promise.all([started(one), started(two)]);
    const [target] = client.pendingRequests();
    expect(client.cancel(target!.id, 'not needed')).toBe(true);
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError);
    expect(await aborted(one)).toBeDefined();
    expect(probe().fired(`aborted:${two}`)).toBe(false);
    expect(client.pendingRequests()).toHaveLength(1);
    expect(client.cancel(target!.id)).toBe(false); // already gone
    client.cancelAll();
    await expect(second).rejects.toBeInstanceOf(RequestCancelledError);
  });

  it('cancelAll() cancels every pending call on the server', async () => {
    const client = await connect();
    const calls = [`c${++keys}`, `c${++keys}`, `c${++keys}`];
    const pending = calls.map((key) => client.callTool('wait_for_cancel', { key }));
    await Promise.all(calls.map(started));
    client.cancelAll('shutting down');
    for (const call of pending) await expect(call).rejects.toBeInstanceOf(RequestCancelledError);
    await Promise.all(calls.map(aborted));
    expect(client.pendingRequests()).toEqual([]);
  });

  it('addRoot/removeRoot/clearRoots: the server is told each time and lists the new roots', async () => {
    const client = await connect({ roots: [{ uri: 'file:///a' }] });
    const changes: string[] = [];
    const subscription = server.core.clientNotifications$.subscribe(({ notification }) =>
      changes.push(notification.method),
    );
    const rootsSeen = async () => {
      const result = await client.callTool('roots_now');
      return (result.content[0] as { text: string }).text;
    };
    try {
      expect(await rootsSeen()).toBe('file:///a');
      await client.addRoot({ uri: 'file:///b', name: 'b' });
      await waitFor(() => changes.length === 1, { description: 'list_changed after addRoot' });
      expect(await rootsSeen()).toBe('file:///a,file:///b');
      expect(await client.removeRoot('file:///a')).toBe(true);
      expect(await client.removeRoot('file:///missing')).toBe(false); // nothing sent
      await waitFor(() => changes.length === 2, { description: 'list_changed after removeRoot' });
      expect(await rootsSeen()).toBe('file:///b');
      await client.addRoot({ uri: 'file:///c' });
      await waitFor(() => changes.length === 3, { description: 'list_changed after addRoot' });
      await client.clearRoots();
      await waitFor(() => changes.length === 4, { description: 'list_changed after clearRoots' });
      expect(await rootsSeen()).toBe('');
      expect(client.listRoots()).toEqual([]);
      await client.clearRoots(); // nothing to clear: nothing sent
      expect(await rootsSeen()).toBe('');
      expect(changes).toEqual(Array(4).fill('notifications/roots/list_changed'));
    } finally {
      subscription.unsubscribe();
    }
  });

  it('sendProgress reaches the server request it reports on', async () => {
    const client: McpClient = await connect({
      sampling: async (params) => {
        const token = params._meta!.progressToken!;
        await client.sendProgress(token, 1, 2, 'thinking');
        await client.sendProgress(token, 2, 2, 'done');
        return { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' };
      },
    });
    const result = await client.callTool('sample_with_progress');
    expect(result.content).toEqual([{ type: 'text', text: '1/2:thinking 2/2:done' }]);
  });

  it('sends a caller-chosen progress token and refuses one a pending call holds', async () => {
    const client = await connect();
    const token = `job-${++keys}`;
    const progress = firstValueFrom(
      client.progress$.pipe(filter((p) => p.progressToken === token)),
    );
    const key = `c${++keys}`;
    const call = client.callTool('stream_until_released', { key }, { progressToken: token });
    expect(await within(progress, 5000, 'progress with our token')).toMatchObject({
      progressToken: token,
      progress: 1,
    });
    const duplicate = client.callTool('echo', { text: 'x' }, { progressToken: token });
    await expect(duplicate).rejects.toThrow(`Progress token "${token}" is in use`);
    probe().signal(`release:${key}`);
    await call;
    // Free again once the first call finished.
    await expect(client.callTool('echo', { text: 'y' }, { progressToken: token })).resolves.toEqual(
      {
        content: [{ type: 'text', text: 'echo: y' }],
      },
    );
  });

  /**
   * The server-pushed streams in both eras: the legacy session pushes on its standalone stream;
   * the 2026-07-28 client opens its shared listen stream for them (`listening` is the honoured
   * filter once acknowledged, so the change is made only after the server listens).
   */
  describe.each(['legacy', 'auto'] as const)('pushed changes (versionNegotiation %s)', (mode) => {
    async function connectIn(): Promise<McpClient> {
      if (mode === 'legacy') return connect();
      const client = new McpClient({ transport: new StreamableHttpClientTransport(app.url) });
      clients.push(client);
      await client.connect();
      expect(client.era).toBe('modern');
      return client;
    }

    /** In the 2026 era, waits until the shared listen stream honours `kind`. */
    async function listening(
      client: McpClient,
      kind: 'promptsListChanged' | 'toolsListChanged' | 'resourcesListChanged',
    ) {
      if (mode === 'auto') {
        await waitFor(() => client.listening?.[kind] === true, { description: `listen ${kind}` });
      }
    }

    it('promptsChanged$ fires when the server adds a prompt, which is then listed', async () => {
      const client = await connectIn();
      const changed = firstValueFrom(client.promptsChanged$);
      await listening(client, 'promptsListChanged');
      server.registerPrompt({ name: `late_prompt_${++keys}` }, () => 'late');
      await within(changed, 5000, 'promptsChanged$');
      const names = (await client.listAllPrompts()).map((p) => p.name);
      expect(names).toContain(`late_prompt_${keys}`);
    });

    it('resourcesChanged$ fires when the server adds a resource, which is then listed', async () => {
      const client = await connectIn();
      const changed = firstValueFrom(client.resourcesChanged$);
      await listening(client, 'resourcesListChanged');
      const uri = `test://late/${++keys}`;
      server.registerResource({ name: 'late', uri }, () => 'late');
      await within(changed, 5000, 'resourcesChanged$');
      expect((await client.listAllResources()).map((r) => r.uri)).toContain(uri);
    });

    it('toolsChanged$ fires once per change while two subscribers share one stream', async () => {
      const client = await connectIn();
      const seen: string[] = [];
      const a = client.toolsChanged$.subscribe(() => seen.push('a'));
      const b = client.toolsChanged$.subscribe(() => seen.push('b'));
      try {
        await listening(client, 'toolsListChanged');
        server.registerTool({ name: `late_tool_${++keys}` }, () => 'late');
        await waitFor(() => seen.length === 2, { description: 'both subscribers' });
        expect(seen.sort()).toEqual(['a', 'b']);
        if (mode === 'auto') expect(server.core.listen?.size).toBe(1);
      } finally {
        a.unsubscribe();
        b.unsubscribe();
      }
      if (mode === 'auto') {
        // The last subscriber gone, the shared stream is cancelled on the server too.
        await waitFor(() => server.core.listen?.size === 0, { description: 'stream closed' });
      }
    });

    it('subscribeResource delivers resourceUpdated$ for that URI until unsubscribeResource', async () => {
      const client = await connectIn();
      const uri = `test://watched/${++keys}`;
      const other = `test://other/${keys}`;
      const updates: string[] = [];
      const watching = client.resourceUpdated$(uri).subscribe((u) => updates.push(u));
      const others = client.resourceUpdated$(other).subscribe((u) => updates.push(u));
      try {
        await client.subscribeResource(uri);
        if (mode === 'auto') expect(client.listening?.resourceSubscriptions).toEqual([uri]);
        server.notifyResourceUpdated(other); // not subscribed: never delivered
        server.notifyResourceUpdated(uri);
        await waitFor(() => updates.length === 1, { description: 'the update' });
        await client.unsubscribeResource(uri);
        if (mode === 'auto') {
          await waitFor(() => server.core.listen?.size === 0, { description: 'stream closed' });
        }
        server.notifyResourceUpdated(uri);
        // A later subscription's update proves the earlier one was not delivered after unsubscribe.
        await client.subscribeResource(other);
        server.notifyResourceUpdated(other);
        await waitFor(() => updates.length === 2, { description: 'the second update' });
        expect(updates).toEqual([uri, other]);
      } finally {
        watching.unsubscribe();
        others.unsubscribe();
      }
    });
  });
});
