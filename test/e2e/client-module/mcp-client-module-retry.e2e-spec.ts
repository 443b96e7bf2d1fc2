import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import {
  McpClient,
  McpClientModule,
  StreamableHttpClientTransport,
  getMcpClientToken,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { freePort } from '../support/free-port.js';

/** A Nest app with one McpClientModule client of `url` and these options; `init()` connects. */
async function clientApp(url: URL, options: Record<string, unknown>) {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpClientModule.register({
        name: 'upstream',
        transport: () => new StreamableHttpClientTransport(url, { standaloneStream: false }),
        versionNegotiation: { pin: '2025-11-25' },
        ...options,
      }),
    ],
  }).compile();
  moduleRef.useLogger(false);
  return moduleRef;
}

/** McpClientModule's first connection on real sockets: an upstream that starts late, or never. */
describe('McpClientModule first connection', () => {
  let upstream: TestApp | undefined;
  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
  });

  it('retries until an upstream that comes up after 2 s answers', async () => {
    const port = await freePort();
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const late = new Promise<void>((resolve) =>
      setTimeout(() => {
        void startApp({}, port).then((app) => ((upstream = app), resolve()));
      }, 2_000),
    );
    const moduleRef = await clientApp(url, { retryAttempts: 20, retryDelay: 250 });
    const app = await moduleRef.init();
    try {
      await late;
      const client = app.get<McpClient>(getMcpClientToken('upstream'));
      expect(client.currentState).toBe('ready');
      expect(client.serverInfo?.name).toBe('e2e-server');
      expect(await client.callTool('echo', { text: 'late' })).toMatchObject({
        content: [{ type: 'text', text: 'echo: late' }],
      });
    } finally {
      await app.close();
    }
  }, 60_000);

  it('names the server, lazyConnect and the retry options when the upstream never comes', async () => {
    const port = await freePort();
    const url = new URL(`http://127.0.0.1:${port}/mcp`);
    const moduleRef = await clientApp(url, { retryAttempts: 2, retryDelay: 100 });
    const init = moduleRef.init();
    await expect(init).rejects.toThrow(
      `McpClient "upstream" could not connect to ${url.href} (3 attempts)`,
    );
    await expect(init).rejects.toThrow(/ECONNREFUSED/);
    await expect(init).rejects.toThrow(/retryAttempts and retryDelay/);
    await expect(init).rejects.toThrow(/lazyConnect: true/);
    await moduleRef.close();
  }, 60_000);
});
