import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { McpContext, McpModule, McpResponse, Tool } from '../../lib/index.js';

@Injectable()
class StateTools {
  @Tool({ inputSchema: { clear: z.boolean().optional(), set: z.string().optional() } })
  state({ clear, set }: { clear?: boolean; set?: string }, ctx: McpContext) {
    if (clear) ctx.clearSession();
    if (set) ctx.session?.state.set('note', set);
    return McpResponse.tool().json(Object.fromEntries(ctx.session?.state ?? []));
  }
}

/**
 * Option `sessionState`: each 2025 session starts with state seeded from the authenticated
 * principal (here `principal(req)` reads a header an auth layer would have checked);
 * `ctx.clearSession()` restores the seed. Driven by the official SDK client.
 */
describe('sessionState seeded from the principal', () => {
  let app: INestApplication;
  let url: URL;
  const clients: Client[] = [];

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({
          name: 'seed',
          version: '1.0.0',
          principal: (req: IncomingMessage) => req.headers['x-user'] as string | undefined,
          sessionState: ({ principal, transport }) => ({
            user: principal ?? 'anonymous',
            via: transport.kind,
          }),
        }),
      ],
      providers: [StateTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
  });

  afterAll(async () => {
    for (const client of clients) await client.close();
    await app.close();
  });

  async function connect(user?: string): Promise<Client> {
    const client = new Client({ name: 'seed-e2e', version: '1.0.0' });
    const headers: Record<string, string> = user ? { 'x-user': user } : {};
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  async function state(client: Client, args: Record<string, unknown> = {}) {
    const result = await client.callTool({ name: 'state', arguments: args });
    return JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as unknown;
  }

  it('seeds each session from its own principal, and clearSession() goes back to the seed', async () => {
    const alice = await connect('alice');
    const bob = await connect('bob');
    const anonymous = await connect();
    expect(await state(alice)).toEqual({ user: 'alice', via: 'streamable-http' });
    expect(await state(bob)).toEqual({ user: 'bob', via: 'streamable-http' });
    expect(await state(anonymous)).toEqual({ user: 'anonymous', via: 'streamable-http' });
    expect(await state(alice, { set: 'hi' })).toEqual({
      user: 'alice',
      via: 'streamable-http',
      note: 'hi',
    });
    expect(await state(bob)).not.toHaveProperty('note');
    expect(await state(alice, { clear: true })).toEqual({ user: 'alice', via: 'streamable-http' });
  });
});
