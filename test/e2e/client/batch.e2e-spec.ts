import { McpClient } from '../../../lib/client/mcp-client.js';
import type { ClientTransport } from '../../../lib/client/client-transport.interface.js';
import { McpError } from '../../../lib/errors/mcp.error.js';
import { StreamableHttpClientTransport } from '../../../lib/transports/http/client/streamable-http-client.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { startSseApp, type SseTestApp } from '../sse/support/sse-app.js';
import { within } from '../support/wait.js';

/** The JSON-RPC bodies a transport POSTed, parsed. */
type Posted = unknown[];

const ENTRIES = [
  { method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } },
  { method: 'prompts/get', params: { name: 'no_such_prompt' } },
  { method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
  { method: 'ping' },
] as const;

/** What every variant must resolve with: per-entry results and errors, in order. */
async function expectOutcomes(client: McpClient): Promise<void> {
  const [echo, prompt, add, ping] = await client.batch(ENTRIES);
  expect(echo).toEqual({
    status: 'fulfilled',
    value: { content: [{ type: 'text', text: 'echo: one' }] },
  });
  expect(prompt.status).toBe('rejected');
  expect((prompt as PromiseRejectedResult).reason).toBeInstanceOf(McpError);
  expect(add).toMatchObject({ status: 'fulfilled', value: { structuredContent: { sum: 5 } } });
  expect(ping).toEqual({ status: 'fulfilled', value: {} });
}

const isBatch = (body: unknown) => Array.isArray(body);

/** JSON-RPC batches (2025-03-26 only) from McpClient.batch(), against our server. */
describe('McpClient.batch()', () => {
  let app: SseTestApp;
  const clients: McpClient[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await app.close();
  });

  async function connect(transport: ClientTransport, protocolVersion: string): Promise<McpClient> {
    const client = new McpClient({ transport, protocolVersion });
    clients.push(client);
    await client.connect();
    expect(client.protocolVersion).toBe(protocolVersion);
    return client;
  }

  function recordingHttp(posted: Posted, standaloneStream = true): StreamableHttpClientTransport {
    return new StreamableHttpClientTransport(app.mcpUrl, {
      standaloneStream,
      fetch: (input, init) => {
        if (init.method === 'POST') posted.push(JSON.parse(String(init.body)));
        return fetch(input, init);
      },
    });
  }

  it.each(['json', 'sse'] as const)(
    'Streamable HTTP, 2025-03-26: one POST with the array; a %s reply is correlated by id',
    async (responseMode) => {
      app = await startSseApp({ module: { responseMode } });
      const posted: Posted = [];
      const client = await connect(recordingHttp(posted), '2025-03-26');
      posted.length = 0;
      await expectOutcomes(client);
      expect(posted).toHaveLength(1);
      expect(posted[0]).toEqual(
        ENTRIES.map((entry) =>
          expect.objectContaining({ method: entry.method, id: expect.anything() }),
        ),
      );
    },
  );

  it('Streamable HTTP, 2025-03-26: answers arriving apart on the SSE stream all reach their entries', async () => {
    app = await startSseApp();
    // No standalone stream: every answer must come on the batch's own stream.
    const client = await connect(recordingHttp([], false), '2025-03-26');
    const key = 'batch-apart';
    const outcomes = client.batch([
      { method: 'tools/call', params: { name: 'echo', arguments: { text: 'early' } } },
      { method: 'tools/call', params: { name: 'stream_until_released', arguments: { key } } },
    ]);
    await within(app.tools.probe.wait(`started:${key}`), 5000, 'the slow tool to start');
    app.tools.probe.signal(`release:${key}`);
    expect((await outcomes).map((o) => o.status === 'fulfilled' && o.value.content)).toEqual([
      [{ type: 'text', text: 'echo: early' }],
      [{ type: 'text', text: `finished ${key}` }],
    ]);
  });

  it('Streamable HTTP, 2025-11-25: the same call sends the requests one by one', async () => {
    app = await startSseApp();
    const posted: Posted = [];
    const client = await connect(recordingHttp(posted), '2025-11-25');
    posted.length = 0;
    await expectOutcomes(client);
    expect(posted).toHaveLength(ENTRIES.length);
    expect(posted.some(isBatch)).toBe(false);
  });

  it('legacy HTTP+SSE, 2025-03-26: a transport without batches sends one by one', async () => {
    app = await startSseApp();
    const client = await connect(new SseClientTransport(app.sseUrl), '2025-03-26');
    await expectOutcomes(client);
  });

  it('a batch that cannot be delivered fails each of its entries', async () => {
    app = await startSseApp();
    const client = await connect(recordingHttp([]), '2025-03-26');
    await app.close(); // nothing listens any more
    const outcomes = await client.batch([{ method: 'ping' }, { method: 'tools/list' }]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
