import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import {
  McpClient,
  McpServer,
  SseClientTransport,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
} from 'nestjs-mcp';
// The `.js` suffix the docs write, resolved by the moduleNameMapper line getting-started adds.
import { AppModule } from './app.module.js';

describe('nestjs-mcp in a Nest 11 CommonJS app', () => {
  let app: INestApplication;
  let client: McpClient;
  let origin: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    origin = `127.0.0.1:${port}`;
    client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL(`http://${origin}/mcp`)),
    });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
  });

  it('loads the CommonJS build through require', () => {
    expect(require.resolve('nestjs-mcp')).toMatch(/dist[\\/]cjs[\\/]index\.js$/);
    expect(app.get(McpServer)).toBeInstanceOf(McpServer);
  });

  it('serves the @Tool over Streamable HTTP to McpClient', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'create_order',
      'greet',
      'vault',
      'whoami',
    ]);
    const result = await client.callTool('greet', { name: 'Ada' });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
  });

  it.each([
    ['WebSocket (needs ws)', () => new WebSocketClientTransport(`ws://${origin}/ws`)],
    ['legacy HTTP+SSE', () => new SseClientTransport(`http://${origin}/sse`)],
  ])('serves the same tool over %s', async (_name, transport) => {
    const other = new McpClient({ transport: transport() });
    try {
      await other.connect();
      const result = await other.callTool('greet', { name: 'Grace' });
      expect(result.content).toEqual([{ type: 'text', text: 'Hello, Grace' }]);
    } finally {
      await other.close();
    }
  });

  it('refuses bad arguments with an isError result', async () => {
    const result = await client.callTool('greet', { name: 42 });
    expect(result.isError).toBe(true);
  });
});
