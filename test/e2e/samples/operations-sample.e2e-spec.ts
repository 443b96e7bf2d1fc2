import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { freePort, startBuiltSample, type RunningSample } from './support/running-sample.js';

import.meta.jest.setTimeout(40_000);

type CallResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (result: CallResult) => result.content.map((c) => c.text).join('');

/**
 * sample/08-operations, built and run as users run it: `@nestjs/throttler` limits on tools
 * through `McpThrottlerGuard` (official SDK v1 clients and our McpClient calling until
 * throttled), and the terminus health endpoint with the server and client indicators.
 */
describe('sample 08-operations (throttler, terminus)', () => {
  let sample: RunningSample;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    sample = await startBuiltSample('08-operations', await freePort());
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await sample?.close();
  });

  /** An official SDK v1 client on its own 2025 session; `user` sets the principal. */
  async function sdkClient(user?: string): Promise<{ client: Client; statuses: number[] }> {
    const statuses: number[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const client = new Client({ name: 'sdk', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(sample.url, {
      fetch: recording,
      ...(user && { requestInit: { headers: { 'x-user': user } } }),
    });
    await client.connect(transport);
    clients.push(client);
    return { client, statuses };
  }

  const call = (client: Client, name: string) =>
    client.callTool({ name, arguments: {} }) as Promise<CallResult>;

  describe('rate limiting', () => {
    it('answers the call over the limit with an isError result on a 200 reply, per session and tool', async () => {
      const { client, statuses } = await sdkClient();
      expect(textOf(await call(client, 'search'))).toBe('results');
      expect(textOf(await call(client, 'search'))).toBe('results');
      const refused = await call(client, 'search');
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^ThrottlerException: Too Many Requests: retry in \d+ s$/);
      expect(statuses.every((status) => status < 300)).toBe(true); // no HTTP 429 for an MCP call
      // Another tool has its own budget; a @SkipThrottle tool has none.
      expect(textOf(await call(client, 'other'))).toBe('other');
      for (let i = 0; i < 4; i++) expect(textOf(await call(client, 'free'))).toBe('free');
      // Another session (same address, no principal) has its own budget.
      const second = await sdkClient();
      expect(textOf(await call(second.client, 'search'))).toBe('results');
    });

    it('tracks an authenticated caller by principal across sessions', async () => {
      const a = await sdkClient('alice');
      const b = await sdkClient('alice');
      expect((await call(a.client, 'other')).isError).toBeUndefined();
      expect((await call(b.client, 'other')).isError).toBeUndefined();
      expect((await call(a.client, 'other')).isError).toBe(true);
      const bob = await sdkClient('bob');
      expect((await call(bob.client, 'other')).isError).toBeUndefined();
    });

    it('refuses a throttled prompts/get with a JSON-RPC error carrying status 429', async () => {
      const { client } = await sdkClient('carol');
      await client.getPrompt({ name: 'greeting' });
      await client.getPrompt({ name: 'greeting' });
      const error = (await client
        .getPrompt({ name: 'greeting' })
        .catch((e: unknown) => e)) as SdkMcpError;
      expect(error).toBeInstanceOf(SdkMcpError);
      expect(error.code).toBe(-32600);
      expect(error.message).toContain('Too Many Requests');
      expect(error.data).toEqual({ status: 429 });
    });

    it('throttles 2026-07-28 stateless calls of McpClient by address', async () => {
      const client = new McpClient({ transport: new StreamableHttpClientTransport(sample.url) });
      clients.push(client);
      await client.connect();
      expect(client.era).toBe('modern');
      const results: CallResult[] = [];
      for (let i = 0; i < 3; i++) results.push((await client.callTool('other', {})) as CallResult);
      // The address bucket of `other` is fresh (earlier callers were sessions or principals).
      expect(results.map((r) => r.isError ?? false)).toEqual([false, false, true]);
      expect(textOf(results[2]!)).toContain('retry in');
    });

    it('stays the stock guard on HTTP routes (429 with Retry-After)', async () => {
      const rest = new URL('/rest', sample.url);
      expect((await fetch(rest)).status).toBe(200);
      const refused = await fetch(rest);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('health', () => {
    it('reports the server (sessions, limits, stores) and the client (era, latency) up', async () => {
      const response = await fetch(new URL('/health', sample.url));
      const body = (await response.json()) as {
        status: string;
        info: Record<string, Record<string, unknown>>;
      };
      expect(response.status).toBe(200);
      expect(body.status).toBe('ok');
      expect(body.info.mcp).toMatchObject({
        status: 'up',
        maxSessions: expect.any(Number),
        draining: false,
        stores: { sessionStore: { state: 'up' } },
      });
      expect(body.info.mcp!.sessions).toBeGreaterThan(0); // the SDK clients' sessions
      expect(body.info.self).toMatchObject({
        status: 'up',
        client: 'self',
        era: 'modern',
        protocolVersion: '2026-07-28',
        server: 'operations-sample',
      });
      expect(body.info.self!.latencyMs).toEqual(expect.any(Number));
    });
  });
});
