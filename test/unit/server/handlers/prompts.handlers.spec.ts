import { z } from 'zod';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { TestClient, makeServer } from '../harness.js';

async function ready(setup: (server: ReturnType<typeof makeServer>) => void, pageSize?: number) {
  const server = makeServer(pageSize ? { pageSize } : {});
  setup(server);
  const client = TestClient.connect(server);
  await client.initialize();
  return client;
}

describe('prompts/list', () => {
  it('lists prompts with their arguments', async () => {
    const client = await ready((s) => {
      s.registerPrompt(
        { name: 'review', description: 'Code review', arguments: { code: z.string() } },
        () => 'x',
      );
      s.registerPrompt({ name: 'plain' }, () => 'x');
    });
    expect(await client.result('prompts/list')).toEqual({
      prompts: [
        {
          name: 'review',
          description: 'Code review',
          arguments: [{ name: 'code', required: true }],
        },
        { name: 'plain' },
      ],
    });
  });

  it('paginates', async () => {
    const client = await ready((s) => {
      for (const name of ['p1', 'p2', 'p3']) s.registerPrompt({ name }, () => 'x');
    }, 2);
    const first = await client.result('prompts/list');
    expect(first.prompts).toHaveLength(2);
    const second = await client.result('prompts/list', { cursor: first.nextCursor });
    expect(second).toEqual({ prompts: [{ name: 'p3' }] });
    expect((await client.error('prompts/list', { cursor: 7 })).code).toBe(-32602);
  });
});

describe('prompts/get', () => {
  it('runs the handler with validated arguments and normalises its result', async () => {
    const seen: unknown[] = [];
    const client = await ready((s) =>
      s.registerPrompt(
        { name: 'review', description: 'Code review', arguments: { code: z.string() } },
        (args: { code: string }) => {
          seen.push(args);
          return `Review:\n${args.code}`;
        },
      ),
    );
    expect(
      await client.result('prompts/get', { name: 'review', arguments: { code: 'let x = 1' } }),
    ).toEqual({
      description: 'Code review',
      messages: [{ role: 'user', content: { type: 'text', text: 'Review:\nlet x = 1' } }],
    });
    expect(seen).toEqual([{ code: 'let x = 1' }]);
  });

  it('answers an unknown prompt with -32602 naming it', async () => {
    const client = await ready((s) => s.registerPrompt({ name: 'p' }, () => 'x'));
    expect(await client.error('prompts/get', { name: 'nope' })).toEqual({
      code: -32602,
      message: 'Unknown prompt: nope',
      data: { name: 'nope' },
    });
  });

  it('answers a missing required argument with -32602', async () => {
    const client = await ready((s) =>
      s.registerPrompt({ name: 'p', arguments: [{ name: 'lang', required: true }] }, () => 'x'),
    );
    const error = await client.error('prompts/get', { name: 'p', arguments: {} });
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('lang');
  });

  it.each([
    ['a missing name', {}],
    ['non-object arguments', { name: 'p', arguments: ['x'] }],
  ])('answers %s with -32602', async (_label, params) => {
    const client = await ready((s) => s.registerPrompt({ name: 'p' }, () => 'x'));
    expect((await client.error('prompts/get', params)).code).toBe(-32602);
  });

  it('answers a handler returning an invalid result with -32603 without details', async () => {
    const client = await ready((s) =>
      s.registerPrompt({ name: 'broken' }, () => [{ role: 'system', content: 'secret sauce' }]),
    );
    expect(await client.error('prompts/get', { name: 'broken' })).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { correlationId: expect.any(String) },
    });
  });

  it('passes an McpError from the handler through', async () => {
    const client = await ready((s) =>
      s.registerPrompt({ name: 'guarded' }, async () => {
        throw new McpError(-32602, 'no such topic');
      }),
    );
    expect(await client.error('prompts/get', { name: 'guarded' })).toEqual({
      code: -32602,
      message: 'no such topic',
    });
  });
});
