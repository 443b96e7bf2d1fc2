import { firstValueFrom } from 'rxjs';
import {
  InputRoundLimitError,
  ListenError,
  McpClient,
  StreamableHttpClientTransport,
  TransportError,
  VersionNegotiationError,
  type McpClientOptions,
} from '../../../lib/index.js';
import {
  discoverResult,
  INITIALIZE_RESULT,
  startScriptedServer,
  type ScriptAnswer,
  type ScriptedHttpServer,
  type SeenRequest,
} from './support/scripted-http-server.js';
import { waitFor } from '../support/wait.js';

const ELICIT = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'ok?', requestedSchema: { type: 'object', properties: {} } },
};

/**
 * Bad input from a 2026-07-28 server, each answered with a typed error or a clean fallback: a
 * server that asks for input forever, malformed inputRequests, discover answers that lie.
 */
describe('McpClient against misbehaving 2026-07-28 servers', () => {
  let server: ScriptedHttpServer | undefined;
  let client: McpClient | undefined;

  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = server = undefined;
  });

  async function connectTo(
    script: (request: SeenRequest) => ScriptAnswer,
    options: Partial<McpClientOptions> = {},
  ): Promise<McpClient> {
    server = await startScriptedServer(script);
    client = new McpClient({
      transport: new StreamableHttpClientTransport(server.url, { standaloneStream: false }),
      elicitation: () => ({ action: 'accept', content: {} }),
      ...options,
    });
    await client.connect();
    return client;
  }

  const modern = (call: (request: SeenRequest) => ScriptAnswer) => (request: SeenRequest) =>
    request.method === 'server/discover' ? discoverResult(['2026-07-28']) : call(request);

  it('stops a server that answers input_required forever with InputRoundLimitError', async () => {
    let state = 0;
    const mcp = await connectTo(
      modern(() => ({
        result: {
          resultType: 'input_required',
          inputRequests: { again: ELICIT },
          requestState: `s${++state}`,
        },
      })),
      { maxInputRounds: 3 },
    );
    const call = mcp.callTool('loop');
    await expect(call).rejects.toBeInstanceOf(InputRoundLimitError);
    await expect(call).rejects.toMatchObject({ method: 'tools/call', limit: 3 });
    const calls = server!.seen.filter((r) => r.method === 'tools/call');
    expect(calls).toHaveLength(4); // the first try + 3 answered rounds
    expect(new Set(calls.map((r) => r.id)).size).toBe(4);
    expect(calls[3]?.params?.requestState).toBe('s3');
  });

  it('refuses malformed inputRequests with a TransportError and never retries', async () => {
    const mcp = await connectTo(
      modern(() => ({
        result: { resultType: 'input_required', inputRequests: { bad: { method: 'nope' } } },
      })),
    );
    const call = mcp.callTool('bad');
    await expect(call).rejects.toBeInstanceOf(TransportError);
    await expect(call).rejects.toThrow(/input_required result does not match the protocol/);
    expect(server!.seen.filter((r) => r.method === 'tools/call')).toHaveLength(1);
  });

  it('fails connect() when discover offers no revision this client speaks', async () => {
    server = await startScriptedServer(() => discoverResult(['2099-01-01']));
    client = new McpClient({ transport: new StreamableHttpClientTransport(server.url) });
    const connecting = client.connect();
    await expect(connecting).rejects.toBeInstanceOf(VersionNegotiationError);
    await expect(connecting).rejects.toMatchObject({ supported: ['2099-01-01'] });
    expect(server.seen.map((r) => r.method)).toEqual(['server/discover']);
  });

  it('falls back to initialize when discover answers a malformed result', async () => {
    const mcp = await connectTo((request) =>
      request.method === 'server/discover'
        ? { result: { supportedVersions: 'all of them' } }
        : request.method === 'initialize'
          ? INITIALIZE_RESULT
          : { result: {} },
    );
    expect(mcp.era).toBe('legacy');
    expect(mcp.serverInfo?.name).toBe('scripted-legacy');
  });

  it('surfaces VersionNegotiationError when the server rejects the revision it offered', async () => {
    const mcp = await connectTo(
      modern(() => ({
        status: 400,
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2025-11-25'], requested: '2026-07-28' },
        },
      })),
    );
    const call = mcp.listTools();
    await expect(call).rejects.toBeInstanceOf(VersionNegotiationError);
    await expect(call).rejects.toMatchObject({
      supported: ['2025-11-25'],
      requested: '2026-07-28',
    });
  });

  it('never sends a tool whose x-mcp-header annotation is invalid, and keeps the others', async () => {
    const tools = [
      {
        name: 'crlf_header',
        inputSchema: {
          type: 'object',
          properties: { v: { type: 'string', 'x-mcp-header': 'A\r\nB' } },
        },
      },
      {
        name: 'good',
        inputSchema: { type: 'object', properties: { v: { type: 'string', 'x-mcp-header': 'V' } } },
      },
    ];
    const mcp = await connectTo(
      modern((request) =>
        request.method === 'tools/list'
          ? { result: { resultType: 'complete', tools } }
          : { result: { resultType: 'complete', content: [] } },
      ),
    );
    const warnings: Error[] = [];
    mcp.errors$.subscribe((error) => warnings.push(error));
    expect((await mcp.listAllTools()).map((tool) => tool.name)).toEqual(['good']);
    expect(warnings.map((w) => w.message)).toEqual([expect.stringMatching(/Tool "crlf_header"/)]);
    await expect(mcp.callTool('crlf_header', { v: 'x' })).rejects.toThrow(/not usable/);
    // A control character in a value is Base64-encoded, never written raw into a header line.
    await mcp.callTool('good', { v: 'line1\r\nX-Injected: 1' });
    const calls = server!.seen.filter((r) => r.method === 'tools/call');
    expect(calls.map((r) => r.params?.name)).toEqual(['good']);
    expect(calls[0]?.headers['mcp-param-v']).toBe(
      `=?base64?${Buffer.from('line1\r\nX-Injected: 1').toString('base64')}?=`,
    );
    expect(calls[0]?.headers['x-injected']).toBeUndefined();
  });

  it('lists the tools and retries once when a call of an unlisted tool misses its headers', async () => {
    const tools = [
      {
        name: 'regional',
        inputSchema: {
          type: 'object',
          properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        },
      },
    ];
    const mcp = await connectTo(
      modern((request) => {
        if (request.method === 'tools/list') return { result: { resultType: 'complete', tools } };
        if (request.headers['mcp-param-region'] !== 'eu') {
          return { status: 400, error: { code: -32020, message: 'Mcp-Param-Region missing' } };
        }
        return { result: { resultType: 'complete', content: [] } };
      }),
    );
    await expect(mcp.callTool('regional', { region: 'eu' })).resolves.toMatchObject({
      content: [],
    });
    expect(server!.seen.map((r) => r.method)).toEqual([
      'server/discover',
      'tools/call',
      'tools/list',
      'tools/call',
    ]);
  });

  it('fails a listen stream that never acknowledges with ListenError and drops its HTTP stream', async () => {
    const mcp = await connectTo(
      modern((request) =>
        request.method === 'subscriptions/listen' ? { hold: true } : { status: 500 },
      ),
      { listenAckTimeoutMs: 200 },
    );
    const outcome = firstValueFrom(mcp.listen$({ toolsListChanged: true }));
    await expect(outcome).rejects.toMatchObject({
      name: 'ListenError',
      reason: 'not-acknowledged',
    });
    expect(server!.seen.map((r) => r.method)).toContain('subscriptions/listen');
    // The request was cancelled: notifications/cancelled went out and the SSE response closed.
    await waitFor(() => server!.held === 0, { description: 'the held stream to close' });
    const cancelled = server!.seen.find((r) => r.method === 'notifications/cancelled');
    const listen = server!.seen.find((r) => r.method === 'subscriptions/listen');
    expect(cancelled?.params?.requestId).toBe(listen?.id);
    // A per-stream wait overrides the client's.
    const own = firstValueFrom(mcp.listen$({ promptsListChanged: true }, { ackTimeoutMs: 50 }));
    await expect(own).rejects.toBeInstanceOf(ListenError);
  });
});
