import { ClientDidNotAnswerError } from '../../../../lib/errors/client-did-not-answer.error.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import type { JsonRpcRequest } from '../../../../lib/protocol/json-rpc.js';
import { TestClient, makeServer, settle } from '../harness.js';

type Body = (ctx: McpContext) => unknown;

/** A server with one tool `run` whose body is given per test; the client declared `caps`. */
async function withTool(body: Body, caps: Record<string, unknown> = {}, requestTimeoutMs?: number) {
  const server = makeServer(requestTimeoutMs ? { requestTimeoutMs } : {});
  server.registerTool({ name: 'run' }, (_args, ctx) => body(ctx));
  const client = TestClient.connect(server);
  await client.initialize(caps);
  return client;
}

const call = (meta?: Record<string, unknown>) => ({
  name: 'run',
  ...(meta && { _meta: meta }),
});

const textOf = (result: Record<string, unknown>) =>
  (result.content as Array<{ text: string }>)[0]?.text;

describe('McpContext.progress', () => {
  it('sends nothing without a progressToken', async () => {
    const client = await withTool((ctx) => {
      ctx.progress(1, 2, 'half');
      return 'ok';
    });
    await client.result('tools/call', call());
    expect(client.notifications('notifications/progress')).toEqual([]);
  });

  it('sends progress for the token, on the request stream, only while increasing', async () => {
    const client = await withTool((ctx) => {
      ctx.progress(1, 10);
      ctx.progress(1, 10); // not above the previous one: dropped
      ctx.progress(0.5); // going back: dropped
      ctx.progress(2.5, undefined, 'working');
      ctx.progress(10, 10, 'done');
      return 'ok';
    });
    const id = client.start('tools/call', call({ progressToken: 'tok-1' }));
    await client.response(id);
    expect(client.notificationParams('notifications/progress')).toEqual([
      { progressToken: 'tok-1', progress: 1, total: 10 },
      { progressToken: 'tok-1', progress: 2.5, message: 'working' },
      { progressToken: 'tok-1', progress: 10, total: 10, message: 'done' },
    ]);
    expect(
      client.notifications('notifications/progress').every((n) => n.relatedRequestId === id),
    ).toBe(true);
  });

  it('accepts an integer token and sends nothing after the handler finished', async () => {
    let saved: McpContext | undefined;
    const client = await withTool((ctx) => {
      saved = ctx;
      ctx.progress(1);
      return 'ok';
    });
    await client.result('tools/call', call({ progressToken: 7 }));
    saved!.progress(2);
    saved!.log('error', 'too late');
    expect(client.notificationParams('notifications/progress')).toEqual([
      { progressToken: 7, progress: 1 },
    ]);
    expect(client.notifications('notifications/message')).toEqual([]);
  });

  it('exposes the request _meta', async () => {
    let meta: unknown;
    const client = await withTool((ctx) => {
      meta = ctx.meta;
      return 'ok';
    });
    await client.result('tools/call', call({ progressToken: 1, traceparent: 't' }));
    expect(meta).toEqual({ progressToken: 1, traceparent: 't' });
  });
});

describe('McpContext.log', () => {
  it('sends notifications/message related to the request', async () => {
    const client = await withTool((ctx) => {
      ctx.log('info', { step: 1 });
      return 'ok';
    });
    const id = client.start('tools/call', call());
    await client.response(id);
    expect(client.notifications('notifications/message')).toEqual([
      {
        message: {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', data: { step: 1 } },
        },
        relatedRequestId: id,
      },
    ]);
  });
});

describe('McpContext.session', () => {
  it('shares state across requests of one session', async () => {
    const client = await withTool((ctx) => {
      const n = ((ctx.session!.state.get('n') as number | undefined) ?? 0) + 1;
      ctx.session!.state.set('n', n);
      return String(n);
    });
    expect(textOf(await client.result('tools/call', call()))).toBe('1');
    expect(textOf(await client.result('tools/call', call()))).toBe('2');
  });
});

describe('client capability checks (-32600 in the 2025 era)', () => {
  it.each([
    [
      'elicit (form) without elicitation',
      {},
      (ctx: McpContext) =>
        ctx.elicit({ message: 'm', requestedSchema: { type: 'object', properties: {} } }),
      { elicitation: { form: {} } },
    ],
    [
      'elicit (url) with form only',
      { elicitation: { form: {} } },
      (ctx: McpContext) =>
        ctx.elicit({ mode: 'url', message: 'm', url: 'https://x', elicitationId: 'e' }),
      { elicitation: { url: {} } },
    ],
    [
      'elicit (url) with the legacy empty elicitation',
      { elicitation: {} },
      (ctx: McpContext) =>
        ctx.elicit({ mode: 'url', message: 'm', url: 'https://x', elicitationId: 'e' }),
      { elicitation: { url: {} } },
    ],
    [
      'elicit (form) with url only',
      { elicitation: { url: {} } },
      (ctx: McpContext) =>
        ctx.elicit({ message: 'm', requestedSchema: { type: 'object', properties: {} } }),
      { elicitation: { form: {} } },
    ],
    [
      'sample without sampling',
      { roots: {} },
      (ctx: McpContext) => ctx.sample({ messages: [], maxTokens: 1 }),
      { sampling: {} },
    ],
    [
      'listRoots without roots',
      { sampling: {} },
      (ctx: McpContext) => ctx.listRoots(),
      { roots: {} },
    ],
  ])('refuses %s', async (_label, caps, body, required) => {
    const client = await withTool(async (ctx) => body(ctx), caps);
    const error = await client.error('tools/call', call());
    // -32021 exists only from 2026-07-28 on; a 2025-era session gets Invalid Request.
    expect(error.code).toBe(-32600);
    expect(error.data).toEqual({ requiredCapabilities: required });
    expect(client.serverRequests()).toEqual([]);
  });
});

describe('server-to-client round trips', () => {
  it('elicit sends elicitation/create on the request stream and returns the answer', async () => {
    const client = await withTool(
      async (ctx) => {
        const answer = await ctx.elicit({
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        });
        return answer.action === 'accept' ? `Hi ${String(answer.content?.name)}` : 'declined';
      },
      { elicitation: {} },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('elicitation/create');
    expect(request.relatedRequestId).toBe(callId);
    expect(request.message.params).toEqual({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    client.respond(request.message.id, { action: 'accept', content: { name: 'Ada' } });
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('Hi Ada');
  });

  it('ping sends ping on the request stream and resolves on the empty answer', async () => {
    const client = await withTool(async (ctx) => {
      await ctx.ping();
      return 'pong';
    }, {});
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('ping');
    expect(request.relatedRequestId).toBe(callId);
    client.respond(request.message.id, {});
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('pong');
  });

  it('elicit in url mode with the url capability', async () => {
    const client = await withTool(
      async (ctx) => {
        const answer = await ctx.elicit({
          mode: 'url',
          message: 'Log in',
          url: 'https://example.com/login',
          elicitationId: 'el-1',
        });
        return answer.action;
      },
      { elicitation: { url: {} } },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('elicitation/create');
    expect(request.message.params).toMatchObject({ mode: 'url', elicitationId: 'el-1' });
    client.respond(request.message.id, { action: 'decline' });
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('decline');
  });

  it('sample sends sampling/createMessage and returns the model answer', async () => {
    const client = await withTool(
      async (ctx) => {
        const reply = await ctx.sample({
          messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
          maxTokens: 50,
        });
        return (reply.content as { text: string }).text;
      },
      { sampling: {} },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('sampling/createMessage');
    expect(request.relatedRequestId).toBe(callId);
    expect(request.message.params).toMatchObject({ maxTokens: 50 });
    client.respond(request.message.id, {
      role: 'assistant',
      content: { type: 'text', text: 'Paris' },
      model: 'm',
    });
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('Paris');
  });

  it('listRoots sends roots/list and returns the roots', async () => {
    const client = await withTool(
      async (ctx) => {
        const { roots } = await ctx.listRoots();
        return roots.map((r) => r.uri).join(',');
      },
      { roots: { listChanged: true } },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('roots/list');
    client.respond(request.message.id, {
      roots: [{ uri: 'file:///a' }, { uri: 'file:///b', name: 'b' }],
    });
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('file:///a,file:///b');
  });

  it('surfaces a client error response as an McpError in the handler', async () => {
    let caught: unknown;
    const client = await withTool(
      async (ctx) => {
        try {
          await ctx.listRoots();
        } catch (e) {
          caught = e;
        }
        return 'handled';
      },
      { roots: {} },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('roots/list');
    client.respondError(request.message.id, { code: -32603, message: 'client broke' });
    await client.response(callId);
    expect(caught).toBeInstanceOf(McpError);
    expect((caught as McpError).message).toBe('client broke');
  });

  it('cancelling the tool call cancels its pending elicitation', async () => {
    const client = await withTool(
      (ctx) => ctx.elicit({ message: 'm', requestedSchema: { type: 'object', properties: {} } }),
      { elicitation: {} },
    );
    const callId = client.start('tools/call', call());
    const request = await client.serverRequest('elicitation/create');
    client.notify('notifications/cancelled', { requestId: callId });
    await settle();
    expect(client.notificationParams('notifications/cancelled')).toEqual([
      expect.objectContaining({ requestId: request.message.id }),
    ]);
    expect(client.out.filter((m) => 'id' in m.message && m.message.id === callId)).toEqual([]);
  });

  it('times a client request out after the server requestTimeoutMs', async () => {
    let caught: unknown;
    const client = await withTool(
      async (ctx) => {
        try {
          await ctx.listRoots();
        } catch (e) {
          caught = e;
        }
        return 'gave up';
      },
      { roots: {} },
      20,
    );
    const callId = client.start('tools/call', call());
    await client.serverRequest('roots/list');
    await new Promise((resolve) => setTimeout(resolve, 40));
    const response = await client.response(callId);
    expect('result' in response && textOf(response.result)).toBe('gave up');
    expect(caught).toBeInstanceOf(ClientDidNotAnswerError);
    expect(caught).toMatchObject({ code: -32003, data: { method: 'roots/list' } });
    const requestId = (client.serverRequests('roots/list')[0].message as JsonRpcRequest).id;
    expect(client.notificationParams('notifications/cancelled')).toEqual([
      { requestId, reason: 'Request timed out' },
    ]);
  });
});
