import 'reflect-metadata';
import {
  Controller,
  Get,
  Injectable,
  NotFoundException,
  Query,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  McpError as SdkMcpError,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { firstValueFrom } from 'rxjs';
import { z } from 'zod';
import {
  McpClient,
  McpContext,
  McpElicitations,
  McpModule,
  StreamableHttpClientTransport,
  Tool,
} from '../../lib/index.js';
import { waitFor } from './support/wait.js';

let base = '';

@Injectable()
class AccountTools {
  @Tool({ description: 'Links an account through an out-of-band page' })
  async connect_account(_args: unknown, ctx: McpContext) {
    const id = randomUUID();
    const result = await ctx.elicitUrl({
      url: `${base}/oauth/start?elicitation=${id}`,
      message: 'Sign in to link your account',
      elicitationId: id,
    });
    return `linked: ${result.action}`;
  }

  @Tool({ inputSchema: { who: z.string() } })
  needs_login({ who }: { who: string }, ctx: McpContext) {
    const id = `login-${who}`;
    throw ctx.urlElicitationRequired({
      url: `${base}/oauth/start?elicitation=${id}`,
      message: `Sign in as ${who}`,
      elicitationId: id,
    });
  }
}

/** The page the URL leads to: finishing the flow completes the elicitation. */
@Controller('oauth')
class OAuthController {
  constructor(private readonly elicitations: McpElicitations) {}

  @Get('callback')
  callback(@Query('elicitation') id: string) {
    if (!this.elicitations.complete(id)) throw new NotFoundException('Unknown elicitation');
    return 'You can close this window';
  }
}

/** The "browser": the user finishes the out-of-band flow of `url`. */
async function finishFlow(url: string): Promise<number> {
  const id = new URL(url).searchParams.get('elicitation') ?? '';
  const response = await fetch(`${base}/oauth/callback?elicitation=${encodeURIComponent(id)}`);
  await response.text();
  return response.status;
}

/**
 * URL-mode elicitation end to end (2025-11-25): `ctx.elicitUrl()` returns once the out-of-band
 * flow completed (`McpElicitations.complete()` from a controller sends
 * `notifications/elicitation/complete`), and the -32042 error; official SDK v1 client and
 * McpClient (both eras).
 */
describe('URL-mode elicitation', () => {
  let app: INestApplication;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'url-elicitation', version: '1.0.0' })],
      providers: [AccountTools],
      controllers: [OAuthController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  afterAll(async () => {
    await app.close();
  });

  interface SdkPeer {
    client: Client;
    asked: ElicitRequest['params'][];
    completed: string[];
  }

  async function sdkPeer(
    capabilities: Record<string, unknown>,
    answer: (params: ElicitRequest['params']) => ElicitResult = () => ({ action: 'accept' }),
  ): Promise<SdkPeer> {
    const peer: SdkPeer = {
      client: new Client({ name: 'url-e2e', version: '1.0.0' }, { capabilities }),
      asked: [],
      completed: [],
    };
    peer.client.setRequestHandler(ElicitRequestSchema, (request) => {
      peer.asked.push(request.params);
      return answer(request.params);
    });
    peer.client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
      peer.completed.push(n.params.elicitationId);
    });
    await peer.client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base)));
    closers.push(() => peer.client.close());
    return peer;
  }

  const textOf = (result: object) =>
    (result as { content: Array<{ text: string }> }).content[0]?.text;

  it('elicitUrl: the client accepts, the call waits for the callback, then returns', async () => {
    const peer = await sdkPeer({ elicitation: { url: {} } });
    let settled = false;
    const call = peer.client.callTool({ name: 'connect_account', arguments: {} });
    void call.then(() => (settled = true));
    await waitFor(() => peer.asked.length === 1, { description: 'the URL elicitation' });
    const asked = peer.asked[0] as { mode: string; url: string; elicitationId: string };
    expect(asked).toMatchObject({ mode: 'url', message: 'Sign in to link your account' });
    expect(asked.url).toContain(asked.elicitationId);
    expect(settled).toBe(false); // accepted, but the flow has not completed yet
    expect(await finishFlow(asked.url)).toBe(200);
    expect(textOf(await call)).toBe('linked: accept');
    expect(peer.completed).toEqual([asked.elicitationId]);
    // Completed once: the id is gone.
    expect(await finishFlow(asked.url)).toBe(404);
  });

  it('elicitUrl: a decline returns at once and forgets the id', async () => {
    const peer = await sdkPeer({ elicitation: { url: {} } }, () => ({ action: 'decline' }));
    const result = await peer.client.callTool({ name: 'connect_account', arguments: {} });
    expect(textOf(result)).toBe('linked: decline');
    const asked = peer.asked[0] as { url: string };
    expect(await finishFlow(asked.url)).toBe(404);
    expect(peer.completed).toEqual([]);
  });

  it('elicitUrl to a client without the url elicitation capability: a clear error, nothing sent', async () => {
    const peer = await sdkPeer({ elicitation: { form: {} } });
    const call = peer.client.callTool({ name: 'connect_account', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(SdkMcpError);
    await expect(call).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('"elicitation.url" capability'),
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    expect(peer.asked).toEqual([]);
  });

  it('completing an unknown elicitation id: the callback answers 404', async () => {
    expect(await finishFlow(`${base}/x?elicitation=nobody-asked`)).toBe(404);
  });

  it('-32042: URL elicitation required, then notifications/elicitation/complete on the session', async () => {
    const peer = await sdkPeer({ elicitation: { url: {} } });
    const call = peer.client.callTool({ name: 'needs_login', arguments: { who: 'ann' } });
    await expect(call).rejects.toMatchObject({
      code: -32042,
      data: {
        elicitations: [
          {
            mode: 'url',
            elicitationId: 'login-ann',
            url: `${base}/oauth/start?elicitation=login-ann`,
            message: 'Sign in as ann',
          },
        ],
      },
    });
    expect(await finishFlow(`${base}/?elicitation=login-ann`)).toBe(200);
    await waitFor(() => peer.completed.length > 0, { description: 'the completion notification' });
    expect(peer.completed).toEqual(['login-ann']);
  });

  it('McpClient (2025 session): elicitUrl round trip and elicitationComplete$', async () => {
    const asked: string[] = [];
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL('/mcp', base)),
      versionNegotiation: 'legacy',
      elicitation: (request) => {
        if (request.mode === 'url') {
          asked.push(request.url);
          setImmediate(() => void finishFlow(request.url)); // the user opens the page
        }
        return { action: 'accept' };
      },
    });
    closers.push(() => client.close());
    await client.connect();
    const completion = firstValueFrom(client.elicitationComplete$);
    const result = await client.callTool('connect_account', {});
    expect(result.content).toEqual([{ type: 'text', text: 'linked: accept' }]);
    const id = new URL(asked[0]!).searchParams.get('elicitation');
    expect(await completion).toBe(id);
  });

  it('McpClient (2026-07-28): elicitUrl is an input round answered by the client', async () => {
    const asked: Array<{ mode?: string; url?: string }> = [];
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL('/mcp', base), {
        standaloneStream: false,
      }),
      elicitation: (request) => {
        asked.push(request as { mode?: string; url?: string });
        return { action: 'accept' };
      },
    });
    closers.push(() => client.close());
    await client.connect();
    expect(client.protocolVersion).toBe('2026-07-28');
    const result = await client.callTool('connect_account', {});
    expect(result.content).toEqual([{ type: 'text', text: 'linked: accept' }]);
    expect(asked).toEqual([expect.objectContaining({ mode: 'url', url: expect.any(String) })]);
  });
});
