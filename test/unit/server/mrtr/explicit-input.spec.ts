import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { TestClient, makeServer } from '../harness.js';
import { modernRequest } from './modern-harness.js';

const ASK = {
  mode: 'form' as const,
  message: 'Confirm?',
  requestedSchema: { type: 'object' as const, properties: { ok: { type: 'boolean' as const } } },
};

/**
 * One handler managing its rounds itself: asks `confirm` with state `{ step: 1 }`, then reads
 * the answer and its state back. The same code must serve both eras.
 */
async function explicitHandler(ctx: McpContext): Promise<unknown> {
  const state = ctx.requestState<{ step: number }>();
  const answer = ctx.inputResponses?.confirm as { content?: { ok?: boolean } } | undefined;
  if (!state || !answer) {
    return ctx.inputRequired({
      inputRequests: { confirm: { method: 'elicitation/create', params: ASK } },
      state: { step: 1 },
    });
  }
  return `step ${state.step}, ok=${String(answer.content?.ok)}`;
}

/** The write-once style: the same handler written with ctx.elicit. */
async function writeOnceHandler(ctx: McpContext): Promise<string> {
  const r = await ctx.elicit(ASK, { key: 'confirm' });
  return `ok=${String(r.content?.ok)}`;
}

function serverWith(handler: (ctx: McpContext) => Promise<unknown>) {
  const server = makeServer();
  server.registerTool({ name: 'run' }, (_args, ctx) => handler(ctx));
  return server;
}

const textOf = (result: Record<string, unknown> | undefined) =>
  (result?.content as Array<{ text: string }>)[0]?.text;

describe('explicit input API (ctx.inputRequired / inputResponses / requestState)', () => {
  it('2026-07-28: answers input_required with sealed handler state, then completes', async () => {
    const server = serverWith(explicitHandler);
    const r1 = await modernRequest(server, 'tools/call', { name: 'run' });
    expect(r1.result).toEqual({
      resultType: 'input_required',
      inputRequests: { confirm: { method: 'elicitation/create', params: ASK } },
      requestState: expect.stringMatching(/^v1\./),
    });
    expect(r1.result!.requestState).not.toContain('step');
    const r2 = await modernRequest(server, 'tools/call', {
      name: 'run',
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: r1.result!.requestState,
    });
    expect(textOf(r2.result)).toBe('step 1, ok=true');
  });

  it('2026-07-28: validates answers to the keys it asked against their method (-32602)', async () => {
    const server = serverWith(explicitHandler);
    const r1 = await modernRequest(server, 'tools/call', { name: 'run' });
    const bad = await modernRequest(server, 'tools/call', {
      name: 'run',
      inputResponses: { confirm: { roots: [] } },
      requestState: r1.result!.requestState,
    });
    expect(bad.error?.code).toBe(-32602);
  });

  it('2026-07-28: refuses to ask for a capability this request did not declare (-32021)', async () => {
    const server = serverWith(explicitHandler);
    const r = await modernRequest(server, 'tools/call', { name: 'run' }, { capabilities: {} });
    expect(r.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
  });

  it('2025: the library sends the requests itself and runs the handler again', async () => {
    const client = TestClient.connect(serverWith(explicitHandler));
    await client.initialize({ elicitation: {} });
    const id = client.start('tools/call', { name: 'run' });
    const request = await client.serverRequest('elicitation/create');
    expect(request.message.params).toEqual(ASK);
    expect(request.relatedRequestId).toBe(id);
    client.respond(request.message.id, { action: 'accept', content: { ok: false } });
    const response = await client.response(id);
    expect('result' in response && textOf(response.result)).toBe('step 1, ok=false');
  });
});

describe('write-once: one handler, both eras', () => {
  it('2025: ctx.elicit is a server-to-client request, key ignored', async () => {
    const client = TestClient.connect(serverWith(writeOnceHandler));
    await client.initialize({ elicitation: {} });
    const id = client.start('tools/call', { name: 'run' });
    const request = await client.serverRequest('elicitation/create');
    client.respond(request.message.id, { action: 'accept', content: { ok: true } });
    const response = await client.response(id);
    expect('result' in response && textOf(response.result)).toBe('ok=true');
  });

  it('2026-07-28: the same handler answers through input rounds', async () => {
    const server = serverWith(writeOnceHandler);
    const r1 = await modernRequest(server, 'tools/call', { name: 'run' });
    expect(r1.result!.inputRequests).toEqual({
      confirm: { method: 'elicitation/create', params: ASK },
    });
    const r2 = await modernRequest(server, 'tools/call', {
      name: 'run',
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: r1.result!.requestState,
    });
    expect(textOf(r2.result)).toBe('ok=true');
  });
});
