import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isInputRequired, McpContext, McpModule, Tool } from '../../lib/index.js';
import { connectClient, type TestClient } from './support/client.js';
import { jsonBody, postJson, rpcMessages, type RawResponse } from './support/raw-http.js';

const NAME_SCHEMA = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

/** The one tool both clients call: written once, with ctx.elicit. */
@Injectable()
class GreetTools {
  runs = 0;

  @Tool({
    description: 'Greets the user by name, asking for it',
    inputSchema: { greeting: z.string() },
  })
  async greet_user({ greeting }: { greeting: string }, ctx: McpContext) {
    this.runs++;
    try {
      const answer = await ctx.elicit(
        { message: 'What is your name?', requestedSchema: NAME_SCHEMA },
        { key: 'user_name' },
      );
      if (answer.action !== 'accept') return `No name (${answer.action})`;
      return `${greeting}, ${String(answer.content?.name)}!`;
    } catch (error) {
      if (isInputRequired(error)) throw error; // rule 3: never swallow the interrupt
      return `Could not ask: ${String(error)}`;
    }
  }
}

const MODERN = '2026-07-28';

/** Who calls: the `x-user` header (the transport's `principal` option). */
const principal = (req: IncomingMessage) => {
  const user = req.headers['x-user'];
  return typeof user === 'string' ? user : undefined;
};

describe('write-once elicitation over Streamable HTTP (2026-07-28 MRTR and 2025 sessions)', () => {
  let app: INestApplication;
  let url: URL;
  let tools: GreetTools;
  let sdk: TestClient | undefined;
  let nextId = 1;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({
          name: 'mrtr-e2e',
          version: '1.0.0',
          principal,
          requestState: { keys: ['c'.repeat(64)] },
        }),
      ],
      providers: [GreetTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as Server;
    const { port } = server.address() as AddressInfo;
    url = new URL('/mcp', `http://127.0.0.1:${port}`);
    tools = app.get(GreetTools);
  });

  afterEach(async () => {
    await sdk?.close();
    sdk = undefined;
  });

  afterAll(async () => {
    (app.getHttpServer() as Server).closeIdleConnections();
    await app.close();
  });

  /** A raw 2026-07-28 tools/call of greet_user, with the required headers and `_meta`. */
  function callGreet(extra: Record<string, unknown> = {}, user = 'alice'): Promise<RawResponse> {
    return postJson(
      url,
      {
        jsonrpc: '2.0',
        id: nextId++,
        method: 'tools/call',
        params: {
          name: 'greet_user',
          arguments: { greeting: 'Hello' },
          ...extra,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
            'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '0.0.1' },
          },
        },
      },
      {
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'greet_user',
        'x-user': user,
      },
    );
  }

  /** The single JSON-RPC response of a raw call (JSON or SSE). */
  const responseOf = (response: RawResponse) =>
    rpcMessages(response).find((m) => 'result' in m || 'error' in m) as
      { result?: Record<string, unknown>; error?: { code: number; message: string } } | undefined;

  it('2026-07-28: input_required, then the retry with inputResponses + requestState completes', async () => {
    const r1 = await callGreet();
    expect(r1.status).toBe(200);
    expect(r1.headers['mcp-session-id']).toBeUndefined();
    const first = responseOf(r1)!.result!;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        user_name: {
          method: 'elicitation/create',
          params: { message: 'What is your name?', requestedSchema: NAME_SCHEMA },
        },
      },
      requestState: expect.stringMatching(/^v1\./),
    });
    const r2 = await callGreet({
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: first.requestState,
    });
    expect(r2.status).toBe(200);
    const done = responseOf(r2)!.result!;
    expect(done.content).toEqual([{ type: 'text', text: 'Hello, Alice!' }]);
    expect(done.resultType).toBe('complete');
  });

  it('2026-07-28: tampered, foreign or re-targeted requestState is 400 / -32602', async () => {
    const first = responseOf(await callGreet())!.result!;
    const answer = { user_name: { action: 'accept', content: { name: 'Mallory' } } };
    const state = first.requestState as string;
    const refusals = [
      await callGreet({ inputResponses: answer, requestState: `${state}-TAMPERED` }),
      await callGreet({ inputResponses: answer, requestState: state }, 'mallory'),
      await callGreet({
        arguments: { greeting: 'Hi' },
        inputResponses: answer,
        requestState: state,
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      expect(jsonBody(refused)).toMatchObject({
        error: {
          code: -32602,
          message: 'requestState is invalid, expired or belongs to another request',
        },
      });
    }
  });

  it('2026-07-28: a malformed answer never completes; unknown keys are ignored', async () => {
    const malformed = responseOf(
      await callGreet({ inputResponses: { user_name: { action: 'maybe' } } }),
    );
    expect(malformed?.error?.code).toBe(-32602);
    const extra = responseOf(
      await callGreet({
        inputResponses: {
          user_name: { action: 'accept', content: { name: 'Ann' } },
          never_asked: { action: 'accept', content: { x: 1 } },
        },
      }),
    );
    expect(extra?.result?.content).toEqual([{ type: 'text', text: 'Hello, Ann!' }]);
  });

  it('2025 (SDK v1 client): the same tool asks through a server-to-client elicitation', async () => {
    const asked: ElicitRequest['params'][] = [];
    sdk = await connectClient(url, {
      capabilities: { elicitation: {} },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          asked.push(request.params);
          return { action: 'accept', content: { name: 'Bob' } };
        }),
    });
    const before = tools.runs;
    const result = await sdk.client.callTool({ name: 'greet_user', arguments: { greeting: 'Hi' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hi, Bob!' }]);
    expect(asked).toEqual([expect.objectContaining({ message: 'What is your name?' })]);
    expect(tools.runs - before).toBe(1); // one run: the 2025 era has no rounds
  });
});
