import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, take, toArray } from 'rxjs';
import {
  McpClient,
  SseClientTransport,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
  type ClientTransport,
} from '../../../lib/index.js';
import { AppModule } from '../../../sample/01-demo/src/app.module.js';

/** The demo app (what `npm start` serves), booted as is and called over every network transport. */
describe('sample 01-demo', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    base = `127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app.close();
  });

  const transports: Array<[string, () => ClientTransport]> = [
    [
      'Streamable HTTP /mcp',
      () => new StreamableHttpClientTransport(new URL(`http://${base}/mcp`)),
    ],
    ['HTTP+SSE /sse', () => new SseClientTransport(new URL(`http://${base}/sse`))],
    ['WebSocket /ws', () => new WebSocketClientTransport(new URL(`ws://${base}/ws`))],
  ];

  describe.each(transports)('over %s', (_label, transport) => {
    let client: McpClient;

    beforeEach(async () => {
      client = new McpClient({ transport: transport() });
      await client.connect();
    });

    afterEach(async () => {
      await client.close();
    });

    it('serves the demo tools, echo included', async () => {
      expect(client.serverInfo?.name).toBe('nestjs-mcp-demo');
      const names = (await client.listAllTools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['echo', 'add', 'countdown', 'saveNote']));
      // 2026-07-28 results (WebSocket, Streamable HTTP) also carry resultType and _meta.serverInfo.
      expect(await client.callTool('echo', { text: 'hello' })).toMatchObject({
        content: [{ type: 'text', text: 'hello' }],
      });
    });

    it('streams the countdown progress, then its result', async () => {
      const events = await firstValueFrom(
        client.callTool$('countdown', { steps: 3, delayMs: 1 }).pipe(take(4), toArray()),
      );
      expect(events.map((e) => e.type)).toEqual(['progress', 'progress', 'progress', 'result']);
    });

    it('completes note names from the provider state', async () => {
      const result = await client.complete(
        { type: 'ref/resource', uri: 'notes://{name}' },
        { name: 'name', value: 'wel' },
      );
      expect(result.completion.values).toEqual(['welcome']);
    });
  });
});
