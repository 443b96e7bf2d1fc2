import { z } from 'zod';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { TestClient, makeServer, settle } from '../harness.js';

const jestApi = import.meta.jest;

async function ready(setup: (server: ReturnType<typeof makeServer>) => void, pageSize?: number) {
  const logger = { error: jestApi.fn(), warn: jestApi.fn() };
  const server = makeServer({ logger, ...(pageSize && { pageSize }) });
  setup(server);
  const client = TestClient.connect(server);
  await client.initialize();
  return { server, client, logger };
}

describe('tools/list', () => {
  it('lists descriptors in registration order', async () => {
    const { client } = await ready((s) => {
      s.registerTool({ name: 'b', description: 'B' }, () => 'x');
      s.registerTool({ name: 'a', inputSchema: { q: z.string() } }, () => 'x');
    });
    expect(await client.result('tools/list')).toEqual({
      tools: [
        { name: 'b', description: 'B', inputSchema: { type: 'object', properties: {} } },
        {
          name: 'a',
          inputSchema: expect.objectContaining({
            type: 'object',
            properties: { q: { type: 'string' } },
            required: ['q'],
          }),
        },
      ],
    });
  });

  it('paginates with nextCursor and rejects a bad cursor with -32602', async () => {
    const { client } = await ready((s) => {
      for (const name of ['t1', 't2', 't3']) s.registerTool({ name }, () => 'x');
    }, 2);
    const first = await client.result('tools/list');
    expect((first.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(['t1', 't2']);
    expect(typeof first.nextCursor).toBe('string');
    const second = await client.result('tools/list', { cursor: first.nextCursor });
    expect(second).toEqual({ tools: [expect.objectContaining({ name: 't3' })] });
    expect((await client.error('tools/list', { cursor: 'bogus' })).code).toBe(-32602);
  });
  it('keeps nextCursor on the text-only page a client without MCP Apps gets', async () => {
    const { client } = await ready((s) => {
      for (const name of ['v1', 'v2', 'v3'])
        s.registerTool({ name, ui: { view: 'ui://t/v' } }, () => 'x');
    }, 2);
    const first = await client.result('tools/list');
    const tools = first.tools as Array<{ name: string; _meta?: unknown }>;
    expect(tools.map((t) => t.name)).toEqual(['v1', 'v2']);
    expect(tools.every((t) => t._meta === undefined)).toBe(true);
    expect(typeof first.nextCursor).toBe('string');
  });

  it('never lists a non-object outputSchema root to a 2025-11-25 session', async () => {
    // protocol.md §8.1: in 2025-11-25 `outputSchema` is "restricted to an object root" (only
    // 2026-07-28 allows any schema). The official SDK client parses it with
    // `type: z.literal('object')` and rejects the whole tools/list result otherwise.
    // Refusing such a tool at registration is an acceptable fix too.
    const server = makeServer();
    server.registerTool({ name: 'ok', outputSchema: { n: z.number() } }, () => ({ n: 1 }));
    try {
      server.registerTool({ name: 'arr', outputSchema: z.array(z.string()) }, () => ['a']);
    } catch {
      // refused at registration: fine
    }
    const client = TestClient.connect(server);
    await client.initialize({}, '2025-11-25');
    const { tools } = (await client.result('tools/list')) as {
      tools: Array<{ name: string; outputSchema?: { type?: unknown } }>;
    };
    for (const tool of tools) {
      if (tool.outputSchema)
        expect({ tool: tool.name, type: tool.outputSchema.type }).toEqual({
          tool: tool.name,
          type: 'object',
        });
    }
  });
});

describe('tools/call', () => {
  it('passes validated arguments (defaults applied) and a context to the handler', async () => {
    let seen: { args?: unknown; ctx?: McpContext } = {};
    const { client } = await ready((s) =>
      s.registerTool(
        { name: 'greet', inputSchema: { name: z.string(), punctuation: z.string().default('!') } },
        (args: { name: string; punctuation: string }, ctx) => {
          seen = { args, ctx };
          return `Hello ${args.name}${args.punctuation}`;
        },
      ),
    );
    const id = client.start('tools/call', { name: 'greet', arguments: { name: 'Ada' } });
    expect(await client.response(id)).toEqual({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text: 'Hello Ada!' }] },
    });
    expect(seen.args).toEqual({ name: 'Ada', punctuation: '!' });
    expect(seen.ctx!.requestId).toBe(id);
    expect(seen.ctx!.method).toBe('tools/call');
    expect(seen.ctx!.protocolVersion).toBe('2025-11-25');
    expect(seen.ctx!.clientInfo).toEqual({ name: 'test-client', version: '0.0.1' });
    expect(seen.ctx!.transport).toEqual({ kind: 'in-memory' });
    expect(seen.ctx!.session!.id).toBe('s1');
  });

  it('passes raw arguments (or {}) to a tool without inputSchema', async () => {
    const calls: unknown[] = [];
    const { client } = await ready((s) =>
      s.registerTool({ name: 'raw' }, (args) => {
        calls.push(args);
        return 'ok';
      }),
    );
    await client.result('tools/call', { name: 'raw', arguments: { any: [1] } });
    await client.result('tools/call', { name: 'raw' });
    expect(calls).toEqual([{ any: [1] }, {}]);
  });

  it('answers an unknown tool with -32602 naming it', async () => {
    const { client } = await ready((s) => s.registerTool({ name: 'x' }, () => 'x'));
    expect(await client.error('tools/call', { name: 'missing' })).toEqual({
      code: -32602,
      message: 'Unknown tool: missing',
      data: { name: 'missing' },
    });
  });

  it.each([
    ['a missing name', {}],
    ['a numeric name', { name: 5 }],
    ['non-object arguments', { name: 'x', arguments: [1, 2] }],
    ['string arguments', { name: 'x', arguments: 'a=1' }],
  ])('answers %s with -32602', async (_label, params) => {
    const { client } = await ready((s) => s.registerTool({ name: 'x' }, () => 'x'));
    expect((await client.error('tools/call', params)).code).toBe(-32602);
  });

  it('reports arguments failing the schema as a tool error naming the paths (SEP-1303)', async () => {
    const handler = jestApi.fn(() => 'never');
    const { client } = await ready((s) =>
      s.registerTool(
        { name: 'sum', inputSchema: { a: z.number(), nested: z.object({ b: z.number() }) } },
        handler,
      ),
    );
    const result = await client.result('tools/call', {
      name: 'sum',
      arguments: { a: 'one', nested: { b: 'two' } },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0].text;
    expect(text).toMatch(/^Invalid arguments for tool "sum": /);
    expect(text).toContain('a: ');
    expect(text).toContain('nested.b: ');
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers a thrown McpError with that JSON-RPC error', async () => {
    const { client } = await ready((s) =>
      s.registerTool({ name: 'strict' }, () => {
        throw new McpError(-32602, 'bad input', { field: 'q' });
      }),
    );
    expect(await client.error('tools/call', { name: 'strict' })).toEqual({
      code: -32602,
      message: 'bad input',
      data: { field: 'q' },
    });
  });

  it('answers any other throw with -32603 and a correlation id, never its message (a fault)', async () => {
    const { client } = await ready((s) =>
      s.registerTool({ name: 'flaky', origin: 'Api#flaky' }, async () => {
        throw new TypeError('secret: postgres://u:p@db');
      }),
    );
    const error = await client.error('tools/call', { name: 'flaky' });
    expect(error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { correlationId: expect.any(String) },
    });
  });

  it('reports a thrown 4xx HTTP exception as an isError result with its message', async () => {
    const { client } = await ready((s) =>
      s.registerTool({ name: 'picky' }, () => {
        throw Object.assign(new Error('No weather for Atlantis'), { getStatus: () => 404 });
      }),
    );
    expect(await client.result('tools/call', { name: 'picky' })).toEqual({
      content: [{ type: 'text', text: 'No weather for Atlantis' }],
      isError: true,
    });
  });

  it('wraps the return value (object -> structuredContent + JSON text)', async () => {
    const { client } = await ready((s) => s.registerTool({ name: 'obj' }, () => ({ n: 1 })));
    expect(await client.result('tools/call', { name: 'obj' })).toEqual({
      content: [{ type: 'text', text: '{"n":1}' }],
      structuredContent: { n: 1 },
    });
  });

  it('reports output not matching outputSchema as a tool error', async () => {
    const { client } = await ready((s) =>
      s.registerTool({ name: 'typed', outputSchema: { n: z.number() } }, () => ({ n: 'x' })),
    );
    const result = await client.result('tools/call', { name: 'typed' });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0].text).toMatch(
      /^Tool "typed" produced invalid output: n: /,
    );
  });

  it('sends no response at all when the client cancels the call', async () => {
    let signal: AbortSignal | undefined;
    const { client, logger } = await ready((s) =>
      s.registerTool({ name: 'slow' }, (_args, ctx) => {
        signal = ctx.signal;
        return new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }),
    );
    const id = client.start('tools/call', { name: 'slow' });
    await settle();
    client.notify('notifications/cancelled', { requestId: id, reason: 'user' });
    await settle();
    expect(signal!.aborted).toBe(true);
    expect(client.out.filter((m) => 'id' in m.message && m.message.id === id)).toEqual([]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('routes the response to the request (relatedRequestId)', async () => {
    const { client } = await ready((s) => s.registerTool({ name: 'x' }, () => 'x'));
    const id = client.start('tools/call', { name: 'x' });
    await client.response(id);
    expect(client.out.find((m) => 'id' in m.message && m.message.id === id)!.relatedRequestId).toBe(
      id,
    );
  });
});
