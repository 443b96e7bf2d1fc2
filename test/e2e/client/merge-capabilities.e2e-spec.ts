import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import {
  McpClient,
  McpContext,
  McpModule,
  StreamableHttpClientTransport,
  Tool,
  type McpClientOptions,
} from '../../../lib/index.js';

@Injectable()
class CapabilityTools {
  @Tool({ description: 'The capabilities the calling client declared for this request' })
  caps(_args: unknown, ctx: McpContext) {
    return { capabilities: ctx.clientCapabilities };
  }
}

/**
 * `McpClient.mergeCapabilities()`: merged into what the client declares; a 2025 session keeps
 * what it said at initialize until the next connect, a 2026-07-28 client sends the merged set on
 * its next request (capabilities travel in each request's `_meta`).
 */
describe('McpClient.mergeCapabilities', () => {
  let app: INestApplication;
  let url: URL;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'caps', version: '1.0.0' })],
      providers: [CapabilityTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await app.close();
  });

  function client(options: Partial<McpClientOptions> = {}): McpClient {
    const mcp = new McpClient({
      transport: () => new StreamableHttpClientTransport(url, { standaloneStream: false }),
      roots: [],
      ...options,
    });
    clients.push(mcp);
    return mcp;
  }

  const seen = async (mcp: McpClient) =>
    ((await mcp.callTool('caps', {})).structuredContent as { capabilities: unknown }).capabilities;

  it('merges nested objects key by key and returns the result', () => {
    const mcp = client({
      capabilities: { elicitation: { form: {} }, roots: { listChanged: true } },
    });
    const merged = mcp.mergeCapabilities({
      elicitation: { url: {} },
      experimental: { x: { v: 1 } },
    });
    expect(merged).toEqual({
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
      experimental: { x: { v: 1 } },
    });
    expect(mcp.capabilities).toEqual(merged);
  });

  it('2026-07-28: the next request declares the merged capabilities', async () => {
    const mcp = client();
    await mcp.connect();
    expect(mcp.era).toBe('modern');
    expect(await seen(mcp)).toEqual({ roots: { listChanged: true } });
    mcp.mergeCapabilities({ experimental: { 'acme/feature': { on: true } } });
    expect(await seen(mcp)).toEqual({
      roots: { listChanged: true },
      experimental: { 'acme/feature': { on: true } },
    });
  });

  it('2025 session: fixed at initialize; merged before connect or for a re-initialize', async () => {
    const early = client({ versionNegotiation: 'legacy' });
    early.mergeCapabilities({ experimental: { early: {} } });
    await early.connect();
    expect(early.era).toBe('legacy');
    expect(await seen(early)).toEqual({
      roots: { listChanged: true },
      experimental: { early: {} },
    });

    const mcp = client({ versionNegotiation: 'legacy' });
    await mcp.connect();
    mcp.mergeCapabilities({ experimental: { 'acme/feature': {} } });
    // The session keeps what the client said at initialize.
    expect(await seen(mcp)).toEqual({ roots: { listChanged: true } });
    // The server ends the session; the client re-initializes on the 404, declaring the merged set.
    const sessionId = (mcp.transport as StreamableHttpClientTransport).sessionId!;
    const ended = await fetch(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(ended.status).toBe(200);
    expect(await seen(mcp)).toEqual({
      roots: { listChanged: true },
      experimental: { 'acme/feature': {} },
    });
  });
});
