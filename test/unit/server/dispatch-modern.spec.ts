import { McpServer } from '../../../lib/server/mcp-server.js';
import { TestClient, makeServer } from './harness.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

function withMeta(params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
  return { ...params, _meta: { ...META, ...meta } };
}

function serverWithPrimitives(options: Parameters<typeof makeServer>[0] = {}): McpServer {
  const server = makeServer(options);
  server.registerTool({ name: 'echo' }, () => 'hi');
  server.registerTool({ name: 'talk' }, (_args, ctx) => {
    ctx.progress(1, 2);
    ctx.log('warning', 'careful');
    return `trace ${ctx.traceContext.traceparent ?? 'none'} era ${ctx.era} session ${String(ctx.session)}`;
  });
  server.registerResource({ name: 'a', uri: 'test://a' }, () => 'a');
  server.registerResource(
    { name: 'b', uri: 'test://b', cache: { ttlMs: 5, cacheScope: 'public' } },
    () => 'b',
  );
  return server;
}

describe('McpServerCore: a 2026-07-28 message on a connection (stdio / WebSocket)', () => {
  it('is served without initialize, stamped with resultType and serverInfo', async () => {
    const client = TestClient.connect(serverWithPrimitives());
    const result = await client.result('tools/call', withMeta({ name: 'echo' }));
    expect(result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'hi' }],
      _meta: { [SERVER_INFO]: { name: expect.any(String), version: expect.any(String) } },
    });
    expect(result).not.toHaveProperty('ttlMs');
  });

  it('related notifications go on the connection; logs only with a requested level', async () => {
    const client = TestClient.connect(serverWithPrimitives());
    const result = await client.result(
      'tools/call',
      withMeta({ name: 'talk' }, { progressToken: 't', traceparent: '00-abc-def-01' }),
    );
    expect(result.content).toEqual([
      { type: 'text', text: 'trace 00-abc-def-01 era modern session undefined' },
    ]);
    expect(client.notifications('notifications/progress')).toHaveLength(1);
    expect(client.notifications('notifications/message')).toHaveLength(0);
    await client.result(
      'tools/call',
      withMeta({ name: 'talk' }, { 'io.modelcontextprotocol/logLevel': 'info' }),
    );
    expect(client.notificationParams('notifications/message')).toEqual([
      { level: 'warning', data: 'careful' },
    ]);
  });

  it('server/discover and cache hints: module default, per-resource override', async () => {
    const client = TestClient.connect(
      serverWithPrimitives({ cache: { lists: { ttlMs: 9, cacheScope: 'public' } } }),
    );
    const discover = await client.result('server/discover', withMeta());
    expect(discover).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: {}, resources: {} },
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(discover.capabilities).not.toHaveProperty('logging');
    expect(await client.result('tools/list', withMeta())).toMatchObject({
      ttlMs: 9,
      cacheScope: 'public',
    });
    expect(await client.result('resources/read', withMeta({ uri: 'test://a' }))).toMatchObject({
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(await client.result('resources/read', withMeta({ uri: 'test://b' }))).toMatchObject({
      ttlMs: 5,
      cacheScope: 'public',
    });
  });

  it('list hints come from the listed primitives and follow registrations', async () => {
    const server = makeServer();
    const hour = { ttlMs: 3_600_000, cacheScope: 'public' as const };
    server.registerTool({ name: 'a', cache: hour }, () => 'a');
    server.registerTool({ name: 'b', cache: { ttlMs: 60_000, cacheScope: 'public' } }, () => 'b');
    server.registerPrompt({ name: 'p', cache: hour }, () => 'p');
    const client = TestClient.connect(server);
    expect(await client.result('tools/list', withMeta())).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'public',
    });
    expect(await client.result('prompts/list', withMeta())).toMatchObject(hour);
    // A tool without a hint brings the module default (not cached, private) into its list.
    server.registerTool({ name: 'c' }, () => 'c');
    expect(await client.result('tools/list', withMeta())).toMatchObject({
      ttlMs: 0,
      cacheScope: 'private',
    });
    server.removeTool('c');
    expect(await client.result('tools/list', withMeta())).toMatchObject({ ttlMs: 60_000 });
  });

  it('removed and ungated methods are -32601; bad envelopes -32602 / -32022', async () => {
    const client = TestClient.connect(makeServer());
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'tools/list']) {
      expect((await client.error(method, withMeta())).code).toBe(-32601);
    }
    const noCapabilities = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
    expect((await client.error('server/discover', noCapabilities)).code).toBe(-32602);
    const unsupported = await client.error(
      'server/discover',
      withMeta({}, { 'io.modelcontextprotocol/protocolVersion': 'v9' }),
    );
    expect(unsupported).toMatchObject({ code: -32022, data: { requested: 'v9' } });
  });

  it('a 2025 session on the same connection keeps working alongside', async () => {
    const client = TestClient.connect(serverWithPrimitives());
    await client.initialize();
    expect(await client.result('tools/list')).not.toHaveProperty('resultType');
    expect(await client.result('tools/list', withMeta())).toHaveProperty('resultType', 'complete');
  });

  it("protocolEras 'legacy' ignores modern _meta; 'modern' refuses a 2025 initialize with -32022", async () => {
    const legacy = TestClient.connect(serverWithPrimitives({ protocolEras: 'legacy' }));
    expect((await legacy.error('tools/list', withMeta())).code).toBe(-32600); // not initialized
    const modern = TestClient.connect(serverWithPrimitives({ protocolEras: 'modern' }));
    const error = await modern.error('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });
});
