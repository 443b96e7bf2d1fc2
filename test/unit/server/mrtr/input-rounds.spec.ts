import { z } from 'zod';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { InputRoundSettings } from '../../../../lib/server/mrtr/input-round-settings.js';
import {
  InputRequiredInterrupt,
  isInputRequired,
} from '../../../../lib/server/mrtr/input-required.interrupt.js';
import { makeServer } from '../harness.js';
import { modernRequest, type ModernCallOptions } from './modern-harness.js';

const jestApi = import.meta.jest;

const ASK_NAME = {
  mode: 'form' as const,
  message: 'Your name?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
};
const ASK_COLOR = { ...ASK_NAME, message: 'Your colour?' };
const SAMPLE = {
  messages: [
    { role: 'user' as const, content: { type: 'text' as const, text: 'Capital of France?' } },
  ],
  maxTokens: 100,
};
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content });
const SAMPLED = { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };
const ROOTS = { roots: [{ uri: 'file:///test/root', name: 'Test Root' }] };
const INVALID_STATE = {
  code: -32602,
  message: 'requestState is invalid, expired or belongs to another request',
};

type Body = (ctx: McpContext, args: Record<string, unknown>) => unknown;

/** A server with one tool `run` (free-form arguments) whose body is given per test. */
function withTool(body: Body, options: Parameters<typeof makeServer>[0] = {}) {
  const server = makeServer(options);
  const runs = { count: 0 };
  server.registerTool(
    { name: 'run', inputSchema: z.looseObject({}) },
    (args: Record<string, unknown>, ctx) => {
      runs.count++;
      return body(ctx, args);
    },
  );
  const call = (extra: Record<string, unknown> = {}, options?: ModernCallOptions) =>
    modernRequest(server, 'tools/call', { name: 'run', arguments: {}, ...extra }, options);
  return { server, runs, call };
}

const textOf = (result: Record<string, unknown> | undefined) =>
  (result?.content as Array<{ text: string }>)[0]?.text;

describe('write-once input rounds (2026-07-28)', () => {
  it('runs sequential inputs as rounds; state carries earlier answers and changes each round', async () => {
    const { call, runs } = withTool(async (ctx) => {
      const a = await ctx.elicit(ASK_NAME);
      const b = await ctx.elicit(ASK_COLOR);
      return `${String(a.content?.name)} likes ${String(b.content?.color)}`;
    });
    const r1 = await call();
    expect(r1.result).toEqual({
      resultType: 'input_required',
      inputRequests: { 'elicitation:0': { method: 'elicitation/create', params: ASK_NAME } },
      requestState: expect.stringMatching(/^v1\./),
    });
    const r2 = await call({
      inputResponses: { 'elicitation:0': accept({ name: 'Ada' }) },
      requestState: r1.result!.requestState,
    });
    expect(r2.result).toEqual({
      resultType: 'input_required',
      inputRequests: { 'elicitation:1': { method: 'elicitation/create', params: ASK_COLOR } },
      requestState: expect.stringMatching(/^v1\./),
    });
    expect(r2.result!.requestState).not.toBe(r1.result!.requestState);
    // Round 3 sends only the new answer: the first comes back from the sealed state.
    const r3 = await call({
      inputResponses: { 'elicitation:1': accept({ color: 'green' }) },
      requestState: r2.result!.requestState,
    });
    expect(textOf(r3.result)).toBe('Ada likes green');
    expect(r3.result!.resultType).toBeUndefined(); // stamped "complete" by the modern dispatch
    expect(runs.count).toBe(3);
  });

  it('joins inputs asked together (Promise.all) into one round, keyed by method and order', async () => {
    const { call } = withTool(async (ctx) => {
      const [name, capital, roots] = await Promise.all([
        ctx.elicit(ASK_NAME),
        ctx.sample(SAMPLE),
        ctx.listRoots(),
      ]);
      return `${String(name.content?.name)}/${JSON.stringify(capital.content)}/${roots.roots.length}`;
    });
    const r1 = await call();
    expect(r1.result!.inputRequests).toEqual({
      'elicitation:0': { method: 'elicitation/create', params: ASK_NAME },
      'sampling:0': { method: 'sampling/createMessage', params: SAMPLE },
      'roots:0': { method: 'roots/list' },
    });
    const r2 = await call({
      inputResponses: {
        'elicitation:0': accept({ name: 'Ada' }),
        'sampling:0': SAMPLED,
        'roots:0': ROOTS,
      },
      requestState: r1.result!.requestState,
    });
    expect(textOf(r2.result)).toBe('Ada/{"type":"text","text":"Paris"}/1');
  });

  it('uses explicit keys, accepts answers without state and ignores unknown keys', async () => {
    const { call } = withTool(async (ctx) => {
      const r = await ctx.elicit(ASK_NAME, { key: 'user_name' });
      return `Hello, ${String(r.content?.name)}!`;
    });
    const done = await call({
      inputResponses: {
        user_name: accept({ name: 'Alice' }),
        unknown_one: { anything: true },
        unknown_two: accept({ x: 1 }),
      },
    });
    expect(textOf(done.result)).toBe('Hello, Alice!');
  });

  it('asks again for an input the client did not answer (wrong key, or a key never asked)', async () => {
    const { call } = withTool(async (ctx) => {
      const r = await ctx.elicit(ASK_NAME, { key: 'user_name' });
      return String(r.content?.name);
    });
    const wrong = await call({ inputResponses: { wrong_key: accept({ name: 'x' }) } });
    expect(wrong.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { user_name: { method: 'elicitation/create' } },
    });
    const never = await call({
      inputResponses: { never_asked: accept({ name: 'x' }) },
      requestState: wrong.result!.requestState,
    });
    expect(never.result).toMatchObject({ inputRequests: { user_name: expect.any(Object) } });
  });

  it('rejects a malformed answer with -32602 and never completes', async () => {
    const { call, runs } = withTool(async (ctx) => {
      await ctx.elicit(ASK_NAME, { key: 'user_name' });
      return 'done';
    });
    expect((await call({ inputResponses: { user_name: 12345 } })).error?.code).toBe(-32602);
    expect((await call({ inputResponses: null })).error?.code).toBe(-32602);
    expect((await call({ inputResponses: [accept({})] })).error?.code).toBe(-32602);
    // The right shape for another method is still wrong for an elicitation.
    expect((await call({ inputResponses: { user_name: ROOTS } })).error?.code).toBe(-32602);
    // Checked up front when the previous round asked for that key.
    const r1 = await call();
    const before = runs.count;
    const bad = await call({
      inputResponses: { user_name: { action: 'maybe' } },
      requestState: r1.result!.requestState,
    });
    expect(bad.error?.code).toBe(-32602);
    expect(runs.count).toBe(before);
  });

  it('discards what a handler does after swallowing the interrupt, and aborts its signal', async () => {
    const debug = jestApi.fn();
    let seen: { caught?: unknown; reason?: unknown } = {};
    const { call } = withTool(
      async (ctx) => {
        try {
          await ctx.elicit(ASK_NAME);
        } catch (error) {
          seen = { caught: error, reason: ctx.signal.reason };
          return 'swallowed';
        }
        return 'answered';
      },
      { logger: { error: jestApi.fn(), warn: jestApi.fn(), debug } },
    );
    const r1 = await call();
    expect(r1.result!.resultType).toBe('input_required');
    expect(isInputRequired(seen.caught)).toBe(true);
    expect(seen.reason).toBeInstanceOf(InputRequiredInterrupt);
    await new Promise((resolve) => setImmediate(resolve));
    expect(debug).toHaveBeenCalledWith(expect.stringMatching(/swallowed the input interrupt/));
  });

  it('discards a throw after the interrupt too', async () => {
    const { call } = withTool(async (ctx) => {
      try {
        await ctx.elicit(ASK_NAME);
      } catch {
        throw new Error('boom');
      }
    });
    expect((await call()).result!.resultType).toBe('input_required');
  });

  it("aborts the handler's signal when the request is cancelled", async () => {
    const cancel = new AbortController();
    let reason: unknown;
    const { call } = withTool(
      (ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => {
            reason = ctx.signal.reason;
            reject(new Error('cancelled'));
          }),
        ),
    );
    const pending = call({}, { signal: cancel.signal });
    cancel.abort('client went away');
    await pending.catch(() => undefined);
    expect(reason).toBe('client went away');
  });

  it("gives a signal first read late the reason of what came first: the request's cancel", async () => {
    const cancel = new AbortController();
    let reason: unknown;
    const { call } = withTool(async (ctx) => {
      cancel.abort('client went away');
      try {
        await ctx.elicit(ASK_NAME);
      } catch {
        reason = ctx.signal.reason;
      }
      return 'done';
    });
    await call({}, { signal: cancel.signal }).catch(() => undefined);
    expect(reason).toBe('client went away');
  });

  it('gives a signal first read late the reason of what came first: the suspension', async () => {
    const cancel = new AbortController();
    let reason: unknown;
    const { call } = withTool(async (ctx) => {
      try {
        await ctx.elicit(ASK_NAME);
      } catch {
        cancel.abort('client went away');
        reason = ctx.signal.reason;
      }
      return 'done';
    });
    await call({}, { signal: cancel.signal }).catch(() => undefined);
    expect(reason).toBeInstanceOf(InputRequiredInterrupt);
  });

  it('limits the rounds of one request (maxRounds)', async () => {
    const { call } = withTool(
      async (ctx) => {
        for (let i = 0; ; i++) await ctx.elicit(ASK_NAME, { key: `k${i}` });
      },
      { requestState: { maxRounds: 2 } },
    );
    const r1 = await call();
    const r2 = await call({
      inputResponses: { k0: accept({}) },
      requestState: r1.result!.requestState,
    });
    expect(r2.result!.resultType).toBe('input_required');
    const r3 = await call({
      inputResponses: { k1: accept({}) },
      requestState: r2.result!.requestState,
    });
    expect(r3.error).toEqual({ code: -32602, message: 'Too many input rounds (the limit is 2)' });
  });

  it('answers -32021 with requiredCapabilities when this request did not declare the capability', async () => {
    const { call } = withTool(async (ctx) => {
      await Promise.all([ctx.elicit(ASK_NAME), ctx.sample(SAMPLE)]);
      return 'never';
    });
    expect((await call({}, { capabilities: { elicitation: {} } })).error).toEqual({
      code: -32021,
      message: 'The client did not declare the "sampling" capability',
      data: { requiredCapabilities: { sampling: {} } },
    });
    expect((await call({}, { capabilities: { sampling: {} } })).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
    const roots = withTool(async (ctx) => (await ctx.listRoots()).roots.length);
    expect((await roots.call({}, { capabilities: {} })).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { roots: {} } },
    });
  });

  it('drops elicitationId from URL-mode input requests', async () => {
    const { call } = withTool(async (ctx) => {
      await ctx.elicit({
        mode: 'url',
        message: 'Sign in',
        url: 'https://x.test',
        elicitationId: 'e1',
      });
    });
    const r1 = await call({}, { capabilities: { elicitation: { url: {} } } });
    expect(r1.result!.inputRequests).toEqual({
      'elicitation:0': {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://x.test' },
      },
    });
  });

  describe('requestState verification', () => {
    async function firstRound(options?: Parameters<typeof makeServer>[0]) {
      const tool = withTool(async (ctx, args) => {
        const r = await ctx.elicit(ASK_NAME, { key: 'user_name' });
        return `${String(args.city)}:${String(r.content?.name)}`;
      }, options);
      const r1 = await tool.call({ arguments: { city: 'Oslo' } });
      return { ...tool, state: r1.result!.requestState as string };
    }
    const answer = { user_name: accept({ name: 'Ada' }) };

    it('completes with the genuine state', async () => {
      const { call, state } = await firstRound();
      const done = await call({
        arguments: { city: 'Oslo' },
        inputResponses: answer,
        requestState: state,
      });
      expect(textOf(done.result)).toBe('Oslo:Ada');
    });

    it('rejects tampered state', async () => {
      const { call, state } = await firstRound();
      for (const bad of [`${state}-TAMPERED`, state.slice(0, -2), 'v1.AAAA', '']) {
        const r = await call({
          arguments: { city: 'Oslo' },
          inputResponses: answer,
          requestState: bad,
        });
        expect(r.error).toEqual(INVALID_STATE);
      }
    });

    it('rejects state replayed by another principal or for other arguments', async () => {
      const { call, state } = await firstRound();
      const base = { arguments: { city: 'Oslo' }, inputResponses: answer, requestState: state };
      expect((await call(base, { principal: 'mallory' })).error).toEqual(INVALID_STATE);
      expect((await call({ ...base, arguments: { city: 'Rome' } })).error).toEqual(INVALID_STATE);
    });

    it('rejects expired state (injected clock)', async () => {
      let now = 1_000;
      const server = makeServer();
      server.registerTool({ name: 'run' }, async (_args, ctx) => {
        await ctx.elicit(ASK_NAME, { key: 'user_name' });
        return 'ok';
      });
      const host = Object.assign(Object.create(server.core) as typeof server.core, {
        inputRounds: new InputRoundSettings({ ttlMs: 60_000 }, undefined, () => now),
      });
      const r1 = await modernRequest(server, 'tools/call', { name: 'run' }, { host });
      now += 60_001;
      const r2 = await modernRequest(
        server,
        'tools/call',
        { name: 'run', inputResponses: answer, requestState: r1.result!.requestState },
        { host },
      );
      expect(r2.error).toEqual(INVALID_STATE);
    });

    it('rejects state sealed by another server (its own random key)', async () => {
      const { state } = await firstRound();
      const other = withTool(
        async (ctx) => (await ctx.elicit(ASK_NAME, { key: 'user_name' })).action,
      );
      const r = await other.call({
        arguments: { city: 'Oslo' },
        inputResponses: answer,
        requestState: state,
      });
      expect(r.error).toEqual(INVALID_STATE);
    });

    it('opens state sealed by another instance sharing the keys', async () => {
      const keys = ['a'.repeat(64)];
      const { state } = await firstRound({ requestState: { keys } });
      const other = withTool(
        async (ctx, args) =>
          `${String(args.city)}:${String((await ctx.elicit(ASK_NAME, { key: 'user_name' })).content?.name)}`,
        { requestState: { keys } },
      );
      const r = await other.call({
        arguments: { city: 'Oslo' },
        inputResponses: {},
        requestState: state,
      });
      expect(r.result!.resultType).toBe('input_required');
    });
  });

  it('serves prompts/get and resources/read in rounds too', async () => {
    const server = makeServer();
    server.registerPrompt({ name: 'p' }, async (_args, ctx) => {
      const r = await ctx.elicit(ASK_NAME, { key: 'user_context' });
      return `context: ${String(r.content?.name)}`;
    });
    const readRoots: Parameters<typeof server.registerResource>[1] = async (_uri, ctx) => {
      const roots = await ctx.listRoots();
      return `${roots.roots.length} roots`;
    };
    server.registerResource({ name: 'r', uri: 'test://r' }, readRoots);
    server.registerResource({ name: 'other', uri: 'test://other' }, readRoots);
    const p1 = await modernRequest(server, 'prompts/get', { name: 'p' });
    expect(p1.result).toMatchObject({ resultType: 'input_required' });
    const p2 = await modernRequest(server, 'prompts/get', {
      name: 'p',
      inputResponses: { user_context: accept({ name: 'ctx' }) },
      requestState: p1.result!.requestState,
    });
    expect(p2.result!.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'context: ctx' } },
    ]);
    const r1 = await modernRequest(server, 'resources/read', { uri: 'test://r' });
    expect(r1.result).toMatchObject({ inputRequests: { 'roots:0': { method: 'roots/list' } } });
    // The state is bound to the uri.
    const other = await modernRequest(server, 'resources/read', {
      uri: 'test://other',
      requestState: r1.result!.requestState,
    });
    expect(other.error).toEqual(INVALID_STATE);
    const r2 = await modernRequest(server, 'resources/read', {
      uri: 'test://r',
      inputResponses: { 'roots:0': ROOTS },
      requestState: r1.result!.requestState,
    });
    expect(r2.result!.contents).toEqual([{ uri: 'test://r', text: '1 roots' }]);
  });

  it('warns once when the per-process key seals state over HTTP or WebSocket', async () => {
    const warn = jestApi.fn();
    const logger = { error: jestApi.fn(), warn };
    const { call } = withTool(async (ctx) => (await ctx.elicit(ASK_NAME)).action, { logger });
    await call({}, { transport: 'stdio' });
    expect(warn).not.toHaveBeenCalled();
    await call({}, { transport: 'streamable-http' });
    await call({}, { transport: 'websocket' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/requestState\.keys/);
    const keyed = withTool(async () => 'x', { logger, requestState: { keys: ['b'.repeat(64)] } });
    await keyed.call({}, { transport: 'streamable-http' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('refuses invalid keys when the server is built', () => {
    expect(() => makeServer({ requestState: { keys: ['short'] } })).toThrow(/32 bytes/);
  });
});

describe('input keys are plain data', () => {
  it('never resolves an input from an inherited property or a __proto__ answer', async () => {
    const server = makeServer();
    server.registerTool({ name: 'run' }, async (_args, ctx) => {
      const r = await ctx.elicit(ASK_NAME, { key: 'constructor' });
      return String(r.content?.name);
    });
    const r1 = await modernRequest(server, 'tools/call', {
      name: 'run',
      inputResponses: JSON.parse('{"__proto__": {"constructor": {"action": "accept"}}}'),
    });
    expect(r1.result).toMatchObject({ inputRequests: { constructor: expect.any(Object) } });
    const r2 = await modernRequest(server, 'tools/call', {
      name: 'run',
      inputResponses: { constructor: accept({ name: 'Ada' }) },
      requestState: r1.result!.requestState,
    });
    expect(textOf(r2.result)).toBe('Ada');
  });
});
