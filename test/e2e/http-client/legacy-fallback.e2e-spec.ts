import { McpClient } from '../../../lib/client/mcp-client.js';
import {
  createStreamableHttpTransportWithFallback,
  type FallbackClientTransport,
} from '../../../lib/transports/http/client/legacy-fallback.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { startSseApp, type SseTestApp } from '../sse/support/sse-app.js';
import { startEverythingServer, type EverythingServer } from './support/everything-server.js';
import { startNestServer } from './support/nest-app.js';

/** A client whose transport tries Streamable HTTP, then falls back to legacy HTTP+SSE. */
function fallbackClient(url: URL | string): {
  client: McpClient;
  transport: FallbackClientTransport;
} {
  const transport = createStreamableHttpTransportWithFallback(url, {
    legacyTransport: (sseUrl) => new SseClientTransport(sseUrl),
  });
  const client = new McpClient({
    transport,
    clientInfo: { name: 'fallback-e2e', version: '1.0.0' },
  });
  return { client, transport };
}

describe('Streamable HTTP with fallback to the legacy HTTP+SSE transport', () => {
  it('stays on Streamable HTTP when the server speaks it', async () => {
    const server = await startNestServer();
    const { client, transport } = fallbackClient(server.url);
    try {
      await client.connect();
      expect(transport.isFallback).toBe(false);
      expect(client.era).toBe('modern');
      expect(await client.callTool('echo', { text: 'modern' })).toMatchObject({
        content: [{ type: 'text', text: 'echo: modern' }],
      });
    } finally {
      await client.close();
      await server.close();
    }
  });

  describe('against our Nest server at its legacy /sse endpoint', () => {
    let app: SseTestApp;

    beforeAll(async () => {
      app = await startSseApp();
    });

    afterAll(async () => {
      await app?.close();
    });

    it('falls back when the POSTed initialize is refused, then works over HTTP+SSE', async () => {
      const { client, transport } = fallbackClient(app.sseUrl);
      try {
        await client.connect();
        expect(transport.isFallback).toBe(true);
        expect(transport.active).toBeInstanceOf(SseClientTransport);
        const progress: number[] = [];
        const result = await client.callTool(
          'progress_logs',
          { steps: 2 },
          { onProgress: (p) => progress.push(p.progress) },
        );
        expect(result.content).toEqual([{ type: 'text', text: 'did 2 steps' }]);
        expect(progress).toEqual([1, 2]);
      } finally {
        await client.close();
      }
    });
  });

  describe('against server-everything in sse mode', () => {
    let everything: EverythingServer;

    beforeAll(async () => {
      everything = await startEverythingServer('sse');
    }, 30_000);

    afterAll(async () => {
      await everything?.stop();
    });

    it('falls back (POST /sse is 404 there) and calls its tools over HTTP+SSE', async () => {
      const { client, transport } = fallbackClient(`${everything.origin}/sse`);
      try {
        await client.connect();
        expect(transport.isFallback).toBe(true);
        expect(client.protocolVersion).toEqual(expect.any(String));
        const names = (await client.listAllTools()).map((t) => t.name);
        expect(names).toContain('echo');
        expect(await client.callTool('echo', { message: 'legacy' })).toMatchObject({
          content: [{ type: 'text', text: expect.stringContaining('legacy') }],
        });
      } finally {
        await client.close();
      }
    });
  });
});
