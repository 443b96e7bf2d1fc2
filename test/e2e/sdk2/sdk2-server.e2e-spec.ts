import { firstValueFrom, filter, take, toArray } from 'rxjs';
import {
  McpClient,
  StreamableHttpClientTransport,
  type McpListenEvent,
} from '../../../lib/index.js';
import { waitFor, within } from '../support/wait.js';
import { startSdk2Server, type Sdk2Server } from './support/sdk2-server-process.js';

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/**
 * Our McpClient against a server built with the official SDK v2 (`@modelcontextprotocol/server`
 * 2.4.0, `createMcpHandler`, node adapter 2.1.2) over HTTP in the 2026-07-28 era: discover, lists,
 * calls, MRTR elicitation/sampling/roots, listen streams and cache hints (the fixture counts the
 * POSTs per method, so a cache hit is a request the server never got).
 */
describe('McpClient against the official SDK v2 server (2026-07-28, HTTP)', () => {
  let sdk2: Sdk2Server;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    sdk2 = await startSdk2Server();
  }, 320_000);

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    await sdk2?.close();
  });

  async function connect(options: Partial<ConstructorParameters<typeof McpClient>[0]> = {}) {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(sdk2.url),
      elicitation: (params) => ({ action: 'accept', content: { ok: params.message.length > 0 } }),
      sampling: (params) => ({
        role: 'assistant',
        model: 'stub-model',
        content: { type: 'text', text: `said ${JSON.stringify(params.messages[0]?.content)}` },
      }),
      roots: [{ uri: 'file:///work', name: 'work' }],
      ...options,
    });
    clients.push(client);
    await client.connect();
    return client;
  }

  it('negotiates 2026-07-28 through server/discover', async () => {
    const client = await connect();
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverInfo).toMatchObject({ name: 'sdk2-fixture' });
    expect(client.serverCapabilities?.tools).toMatchObject({ listChanged: true });
  });

  it('lists tools and resources and calls a tool', async () => {
    const client = await connect();
    const tools = (await client.listAllTools()).map((tool) => tool.name).sort();
    expect(tools).toEqual(['ask_model', 'confirm', 'echo', 'roots']);
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual(['demo://note']);
    expect(text(await client.callTool('echo', { text: 'hi' }))).toBe('echo: hi');
    const read = await client.readResource('demo://note');
    expect(read.contents[0]).toMatchObject({ uri: 'demo://note', text: 'a note' });
  });

  it('answers elicitation, sampling and roots input rounds (MRTR)', async () => {
    const client = await connect();
    const events = await firstValueFrom(
      client.callTool$('confirm', { what: 'deploy' }).pipe(toArray()),
    );
    expect(events.map((event) => event.type)).toEqual(['input', 'result']);
    const done = events[1]!;
    expect(done.type === 'result' && text(done.result)).toBe('accept: {"ok":true}');
    expect(text(await client.callTool('ask_model', { prompt: 'hi' }))).toBe(
      'stub-model: said {"type":"text","text":"hi"}',
    );
    expect(text(await client.callTool('roots'))).toBe('file:///work');
  });

  it('listen$: acknowledgement, tagged tools list_changed and resources/updated frames', async () => {
    const client = await connect();
    const filterAsked = { toolsListChanged: true, resourceSubscriptions: ['demo://note'] };
    const events: McpListenEvent[] = [];
    const done = firstValueFrom(client.listen$(filterAsked).pipe(take(3), toArray()));
    const acknowledged = firstValueFrom(
      client.listen$({ promptsListChanged: true }).pipe(filter((e) => e.type === 'acknowledged')),
    );
    // The prompts-only stream is acknowledged without prompts (no prompts capability).
    expect(await within(acknowledged, 5000, 'second ack')).toMatchObject({ notifications: {} });
    const first = client.listen$(filterAsked).subscribe((event) => events.push(event));
    await waitFor(() => events.length === 1, { description: 'the acknowledgement' });
    first.unsubscribe();
    expect(events[0]).toMatchObject({ type: 'acknowledged', notifications: filterAsked });
    await sdk2.touch({ what: 'tools' });
    await sdk2.touch({ uri: 'demo://note' });
    const [ack, tools, updated] = await within(done, 5000, 'three frames');
    expect(ack!.type).toBe('acknowledged');
    const id = ack!.subscriptionId;
    expect(tools).toMatchObject({
      type: 'notification',
      subscriptionId: id,
      notification: { method: 'notifications/tools/list_changed' },
    });
    expect(updated).toMatchObject({
      notification: { method: 'notifications/resources/updated', params: { uri: 'demo://note' } },
    });
    expect(events).toHaveLength(1); // unsubscribed: nothing more reached that subscriber
  });

  it('toolsChanged$ and subscribeResource work over the shared listen stream', async () => {
    const client = await connect();
    const changed = firstValueFrom(client.toolsChanged$);
    await client.subscribeResource('demo://note');
    const updated = firstValueFrom(client.resourceUpdated$('demo://note'));
    await waitFor(() => client.listening?.toolsListChanged === true, { description: 'tools ack' });
    await sdk2.touch({ what: 'tools', uri: 'demo://note' });
    await within(changed, 5000, 'toolsChanged$');
    expect(await within(updated, 5000, 'resourceUpdated$')).toBe('demo://note');
  });

  it('serves tools/list from the cache for its ttlMs; fresh:true and list_changed refetch', async () => {
    const client = await connect();
    const listed = async () => (await sdk2.stats())['tools/list'] ?? 0;
    const before = await listed();
    const first = await client.listTools();
    expect(first).toMatchObject({ ttlMs: 600_000, cacheScope: 'public' });
    expect(await client.listTools()).toEqual(first);
    expect(await listed()).toBe(before + 1); // the second list never reached the server
    await client.listTools(undefined, { fresh: true });
    expect(await listed()).toBe(before + 2);
    // A tools list_changed on a listen stream makes the entry stale.
    const changed = firstValueFrom(client.toolsChanged$);
    await waitFor(() => client.listening?.toolsListChanged === true, { description: 'tools ack' });
    await sdk2.touch({ what: 'tools' });
    await within(changed, 5000, 'toolsChanged$');
    await client.listTools();
    expect(await listed()).toBe(before + 3);
    // resources/read with its private hint is cached too.
    const reads = async () => (await sdk2.stats())['resources/read'] ?? 0;
    const readBefore = await reads();
    await client.readResource('demo://note');
    await client.readResource('demo://note');
    expect(await reads()).toBe(readBefore + 1);
  });

  it('cache: false asks the server every time', async () => {
    const client = await connect({ cache: false });
    const listed = async () => (await sdk2.stats())['tools/list'] ?? 0;
    const before = await listed();
    await client.listTools();
    await client.listTools();
    expect(await listed()).toBe(before + 2);
  });
});
