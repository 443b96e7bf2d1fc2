import 'reflect-metadata';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { z } from 'zod';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { TestClient, makeServer } from '../harness.js';
import { modernRequest } from '../mrtr/modern-harness.js';

const Booking = z.object({
  guests: z.number().int().min(1).max(8),
  email: z.email(),
  seating: z.enum(['inside', 'terrace']).optional(),
});

class BookingDto {
  @IsInt()
  @Min(1)
  @Max(8)
  guests!: number;

  @IsString()
  @IsIn(['inside', 'terrace'])
  seating!: string;
}

type Body = (ctx: McpContext) => Promise<string>;

/** The handler's view of each answer, as text. */
const describeAnswer = async (ctx: McpContext, schema: typeof Booking | typeof BookingDto) => {
  const answer = await ctx.elicit({ message: 'Book a table', schema });
  switch (answer.action) {
    case 'accept':
      return `accept ${JSON.stringify(answer.content)} ${answer.content.constructor.name}`;
    case 'invalid':
      return `invalid ${answer.issues.map((i) => i.path).join(',')} ${answer.error.code}`;
    default:
      return answer.action;
  }
};

const textOf = (result: Record<string, unknown> | undefined) =>
  (result?.content as Array<{ text: string }>)[0]?.text;

async function legacy(body: Body, answer: Record<string, unknown>) {
  const server = makeServer();
  server.registerTool({ name: 'run' }, (_args, ctx) => body(ctx));
  const client = TestClient.connect(server);
  await client.initialize({ elicitation: {} });
  const callId = client.start('tools/call', { name: 'run' });
  const request = await client.serverRequest('elicitation/create');
  client.respond(request.message.id, answer);
  const response = await client.response(callId);
  return { params: request.message.params, response };
}

describe('ctx.elicit({ message, schema }) in the 2025 era', () => {
  it('sends the flat requestedSchema and returns the validated content typed', async () => {
    const { params, response } = await legacy((ctx) => describeAnswer(ctx, Booking), {
      action: 'accept',
      content: { guests: 2, email: 'ada@example.com', seating: 'terrace' },
    });
    expect(params).toEqual({
      message: 'Book a table',
      requestedSchema: {
        type: 'object',
        properties: {
          guests: { type: 'integer', minimum: 1, maximum: 8 },
          email: { type: 'string', format: 'email' },
          seating: { type: 'string', enum: ['inside', 'terrace'] },
        },
        required: ['guests', 'email'],
      },
    });
    expect('result' in response && textOf(response.result)).toBe(
      'accept {"guests":2,"email":"ada@example.com","seating":"terrace"} Object',
    );
  });

  it.each(['decline', 'cancel'])('returns %s as its own branch, not an error', async (action) => {
    const { response } = await legacy((ctx) => describeAnswer(ctx, Booking), { action });
    expect('result' in response && textOf(response.result)).toBe(action);
  });

  it('gives the handler the issues of an answer that does not match, and a -32602 to throw', async () => {
    const { response } = await legacy((ctx) => describeAnswer(ctx, Booking), {
      action: 'accept',
      content: { guests: 20, email: 'not-an-email' },
    });
    expect('result' in response && textOf(response.result)).toBe('invalid guests,email -32602');
  });

  it('takes a class-validator DTO: its JSON Schema goes out, the answer is a DTO instance', async () => {
    const { params, response } = await legacy((ctx) => describeAnswer(ctx, BookingDto), {
      action: 'accept',
      content: { guests: 3, seating: 'inside' },
    });
    expect(params).toMatchObject({
      requestedSchema: {
        type: 'object',
        properties: {
          guests: { type: 'integer', minimum: 1, maximum: 8 },
          seating: { type: 'string', enum: ['inside', 'terrace'] },
        },
        required: ['guests', 'seating'],
      },
    });
    expect('result' in response && textOf(response.result)).toBe(
      'accept {"guests":3,"seating":"inside"} BookingDto',
    );
    const refused = await legacy((ctx) => describeAnswer(ctx, BookingDto), {
      action: 'accept',
      content: { guests: 0, seating: 'roof' },
    });
    expect('result' in refused.response && textOf(refused.response.result)).toBe(
      'invalid guests,seating -32602',
    );
  });

  it('refuses a schema outside the subset at first use, naming the call and the field', async () => {
    const server = makeServer();
    const nested = z.object({ address: z.object({ city: z.string() }) });
    server.registerTool({ name: 'run' }, async (_args, ctx) => {
      // @ts-expect-error a nested object is not a flat elicitation field
      return ctx.elicit({ message: 'Where?', schema: nested }).then(
        () => 'asked',
        (error: Error) => error.message,
      );
    });
    const client = TestClient.connect(server);
    await client.initialize({ elicitation: {} });
    const result = await client.result('tools/call', { name: 'run' });
    expect(client.serverRequests()).toEqual([]);
    expect(textOf(result)).toBe(
      'ctx.elicit("Where?"): field "address" is of type "object"; elicitation asks for flat ' +
        'string, number, integer, boolean and enum fields only',
    );
  });
});

describe('ctx.elicit({ message, schema }) as a 2026-07-28 input round', () => {
  function modernTool(body: Body) {
    const server = makeServer();
    server.registerTool({ name: 'run' }, (_args, ctx) => body(ctx));
    return (extra: Record<string, unknown> = {}) =>
      modernRequest(server, 'tools/call', { name: 'run', arguments: {}, ...extra });
  }

  it('asks with the flat schema, then types the answer of the retry (accept, decline, invalid)', async () => {
    const call = modernTool((ctx) => describeAnswer(ctx, Booking));
    const first = await call();
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        'elicitation:0': {
          method: 'elicitation/create',
          params: { message: 'Book a table', requestedSchema: { required: ['guests', 'email'] } },
        },
      },
    });
    const retry = (answer: Record<string, unknown>) =>
      call({
        inputResponses: { 'elicitation:0': answer },
        requestState: first.result!.requestState,
      });
    const accepted = await retry({ action: 'accept', content: { guests: 4, email: 'a@b.co' } });
    expect(textOf(accepted.result)).toBe('accept {"guests":4,"email":"a@b.co"} Object');
    expect(textOf((await retry({ action: 'decline' })).result)).toBe('decline');
    const invalid = await retry({ action: 'accept', content: { guests: 'four' } });
    expect(textOf(invalid.result)).toBe('invalid guests,email -32602');
  });

  it('the invalid branch thrown reaches the client as -32602 naming the fields', async () => {
    const call = modernTool(async (ctx) => {
      const answer = await ctx.elicit({ message: 'Book a table', schema: Booking });
      if (answer.action === 'invalid') throw answer.error;
      return answer.action;
    });
    const first = await call();
    const refused = await call({
      inputResponses: { 'elicitation:0': { action: 'accept', content: { guests: 0 } } },
      requestState: first.result!.requestState,
    });
    expect(refused.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(
        /^The elicitation answer does not match its schema: guests: .*; email: /,
      ),
    });
  });
});

describe('typed forms in the explicit round API (ctx.elicitRequest / ctx.elicitAnswer)', () => {
  const Confirm = z.object({ ok: z.boolean(), note: z.string().max(5).optional() });

  /** Asks `confirm` until it is answered, then describes the typed answer. */
  async function explicitHandler(ctx: McpContext): Promise<unknown> {
    const answer = await ctx.elicitAnswer('confirm', Confirm);
    if (!answer) {
      const confirm = await ctx.elicitRequest({ message: 'Confirm?', schema: Confirm });
      return ctx.inputRequired({ inputRequests: { confirm } });
    }
    if (answer.action === 'accept') return `ok=${String(answer.content.ok satisfies boolean)}`;
    if (answer.action === 'invalid') return `invalid ${answer.issues[0]!.path}`;
    return answer.action;
  }

  const server = makeServer();
  server.registerTool({ name: 'run' }, (_args, ctx) => explicitHandler(ctx));

  it('2026-07-28: the flat schema is asked, the retry answer comes back typed or invalid', async () => {
    const r1 = await modernRequest(server, 'tools/call', { name: 'run' });
    expect(r1.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: {
            message: 'Confirm?',
            requestedSchema: {
              type: 'object',
              properties: { ok: { type: 'boolean' }, note: { type: 'string', maxLength: 5 } },
              required: ['ok'],
            },
          },
        },
      },
    });
    const retry = (answer: Record<string, unknown>) =>
      modernRequest(server, 'tools/call', {
        name: 'run',
        inputResponses: { confirm: answer },
        requestState: r1.result!.requestState,
      });
    expect(textOf((await retry({ action: 'accept', content: { ok: true } })).result)).toBe(
      'ok=true',
    );
    expect(textOf((await retry({ action: 'cancel' })).result)).toBe('cancel');
    const invalid = await retry({ action: 'accept', content: { ok: true, note: 'far too long' } });
    expect(textOf(invalid.result)).toBe('invalid note');
    // Not an elicitation result at all: the envelope check, -32602.
    expect((await retry({ roots: [] })).error?.code).toBe(-32602);
  });

  it('2025: the library asks the client itself; the answer is typed the same way', async () => {
    const client = TestClient.connect(server);
    await client.initialize({ elicitation: {} });
    const id = client.start('tools/call', { name: 'run' });
    const request = await client.serverRequest('elicitation/create');
    expect(request.message.params).toMatchObject({ requestedSchema: { required: ['ok'] } });
    client.respond(request.message.id, { action: 'accept', content: { ok: false } });
    const response = await client.response(id);
    expect('result' in response && textOf(response.result)).toBe('ok=false');
  });
});
