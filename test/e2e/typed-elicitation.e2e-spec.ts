import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpContext, McpModule, Tool } from '../../lib/index.js';
import { connectClient, type TestClient } from './support/client.js';
import { postJson, rpcMessages, type RawResponse } from './support/raw-http.js';

const Booking = z.object({
  guests: z.number().int().min(1).max(8).describe('How many people'),
  email: z.email(),
  seating: z.enum(['inside', 'terrace']).optional(),
});

/** The spec's flat form of `Booking`, as both eras must send it. */
const REQUESTED = {
  type: 'object',
  properties: {
    guests: { type: 'integer', description: 'How many people', minimum: 1, maximum: 8 },
    email: { type: 'string', format: 'email' },
    seating: { type: 'string', enum: ['inside', 'terrace'] },
  },
  required: ['guests', 'email'],
};

@Injectable()
class BookingTools {
  @Tool({ description: 'Books a table, asking the details' })
  async book(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit(
      { message: 'Book a table', schema: Booking },
      { key: 'booking' },
    );
    switch (answer.action) {
      case 'accept': {
        const { guests, email, seating } = answer.content; // typed: number, string, enum
        return `${guests.toFixed(0)} guests for ${email.toLowerCase()} (${seating ?? 'any'})`;
      }
      case 'invalid':
        throw answer.error; // the client gets -32602 naming the fields
      default:
        return `No booking (${answer.action})`;
    }
  }
}

const MODERN = '2026-07-28';

describe('typed elicitation (ctx.elicit with a zod schema) over Streamable HTTP', () => {
  let app: INestApplication;
  let url: URL;
  let sdk: TestClient | undefined;
  let nextId = 1;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({
          name: 'typed-elicitation-e2e',
          version: '1.0.0',
          requestState: { keys: ['d'.repeat(64)] },
        }),
      ],
      providers: [BookingTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL('/mcp', `http://127.0.0.1:${port}`);
  });

  afterEach(async () => {
    await sdk?.close();
    sdk = undefined;
  });

  afterAll(async () => {
    (app.getHttpServer() as Server).closeIdleConnections();
    await app.close();
  });

  /** An SDK v1 client (2025-11-25 session) whose user answers `answer`. */
  async function sdkCall(answer: Record<string, unknown>) {
    const asked: ElicitRequest['params'][] = [];
    sdk = await connectClient(url, {
      capabilities: { elicitation: { form: {} } },
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, (request) => {
          asked.push(request.params);
          return answer as never;
        }),
    });
    const result = await sdk.client
      .callTool({ name: 'book', arguments: {} })
      .catch((error: Error & { code?: number }) => ({ error }));
    return { asked, result };
  }

  it('2025 (SDK v1): accept → the typed content; the flat requestedSchema went out', async () => {
    const { asked, result } = await sdkCall({
      action: 'accept',
      content: { guests: 2, email: 'Ada@Example.com', seating: 'terrace' },
    });
    expect(asked).toEqual([
      expect.objectContaining({ message: 'Book a table', requestedSchema: REQUESTED }),
    ]);
    expect(result).toMatchObject({
      content: [{ type: 'text', text: '2 guests for ada@example.com (terrace)' }],
    });
  });

  it('2025 (SDK v1): decline is a branch of the handler, not an error', async () => {
    const { result } = await sdkCall({ action: 'decline' });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'No booking (decline)' }] });
  });

  it('2025 (SDK v1): an answer that does not match → -32602 naming the fields', async () => {
    const { result } = await sdkCall({ action: 'accept', content: { guests: 12, email: 'nope' } });
    expect(result).toMatchObject({
      error: {
        code: -32602,
        message: expect.stringMatching(
          /The elicitation answer does not match its schema: guests: .*; email: /,
        ),
      },
    });
  });

  /** A raw 2026-07-28 tools/call of `book`. */
  function callBook(extra: Record<string, unknown> = {}): Promise<RawResponse> {
    return postJson(
      url,
      {
        jsonrpc: '2.0',
        id: nextId++,
        method: 'tools/call',
        params: {
          name: 'book',
          arguments: {},
          ...extra,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
            'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '0.0.1' },
          },
        },
      },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'book' },
    );
  }

  const responseOf = async (pending: Promise<RawResponse>) =>
    rpcMessages(await pending).find((m) => 'result' in m || 'error' in m) as {
      result?: Record<string, unknown>;
      error?: { code: number; message: string };
    };

  it('2026-07-28 input round: the flat schema asked; accept, decline and a bad answer on retry', async () => {
    const first = (await responseOf(callBook())).result!;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        booking: {
          method: 'elicitation/create',
          params: { message: 'Book a table', requestedSchema: REQUESTED },
        },
      },
    });
    const retry = (answer: Record<string, unknown>) =>
      responseOf(
        callBook({ inputResponses: { booking: answer }, requestState: first.requestState }),
      );
    const accepted = await retry({ action: 'accept', content: { guests: 3, email: 'b@c.io' } });
    expect(accepted.result?.content).toEqual([{ type: 'text', text: '3 guests for b@c.io (any)' }]);
    const declined = await retry({ action: 'decline' });
    expect(declined.result?.content).toEqual([{ type: 'text', text: 'No booking (decline)' }]);
    const invalid = await retry({
      action: 'accept',
      content: { guests: 'three', email: 'b@c.io' },
    });
    expect(invalid.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^The elicitation answer does not match its schema: guests: /),
    });
  });
});
