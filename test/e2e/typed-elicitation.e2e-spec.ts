import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpContext, Tool } from '../../lib/index.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import { modernCall } from './support/modern-call.js';

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

describe('typed elicitation (ctx.elicit with a zod schema) over Streamable HTTP', () => {
  let served: TestApp;
  let sdk: TestClient | undefined;

  beforeAll(async () => {
    served = await startApp({ name: 'typed-elicitation-e2e' }, 0, [BookingTools]);
  });

  afterEach(async () => {
    await sdk?.close();
    sdk = undefined;
  });

  afterAll(() => served.close());

  /** An SDK v1 client (2025-11-25 session) whose user answers `answer`. */
  async function sdkCall(answer: Record<string, unknown>) {
    const asked: ElicitRequest['params'][] = [];
    sdk = await connectClient(served.url, {
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

  /** A raw 2026-07-28 tools/call of `book` (its answer: result or error). */
  const callBook = (extra: Record<string, unknown> = {}) =>
    modernCall(served.url, 'tools/call', { name: 'book', arguments: {}, ...extra });

  it('2026-07-28 input round: the flat schema asked; accept, decline and a bad answer on retry', async () => {
    const first = (await callBook()).result!;
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
      callBook({ inputResponses: { booking: answer }, requestState: first.requestState });
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
