import { z } from 'zod';
import { TestClient, makeServer } from '../harness.js';

const LANGS = ['python', 'perl', 'php', 'rust'];

async function ready() {
  const server = makeServer();
  const promptContexts: unknown[] = [];
  server.registerPrompt(
    {
      name: 'snippet',
      arguments: { language: z.string(), framework: z.string().optional() },
      complete: {
        language: (value) => LANGS.filter((l) => l.startsWith(value)),
        framework: (value, context) => {
          promptContexts.push(context);
          return context.arguments.language === 'python' ? ['django', 'flask'] : [];
        },
      },
    },
    () => 'x',
  );
  server.registerPrompt(
    { name: 'many', complete: { n: () => Array.from({ length: 150 }, (_, i) => `v${i}`) } },
    () => 'x',
  );
  server.registerResourceTemplate(
    {
      uriTemplate: 'repos://{owner}/{repo}',
      name: 'repo',
      complete: {
        owner: async (value) => ['octocat', 'openai'].filter((o) => o.startsWith(value)),
      },
    },
    () => 'x',
  );
  server.registerResource({ uri: 'file:///fixed', name: 'fixed' }, () => 'x');
  const client = TestClient.connect(server);
  await client.initialize();
  return { client, promptContexts };
}

const complete = (ref: Record<string, unknown>, name: string, value: string, extra = {}) => ({
  ref,
  argument: { name, value },
  ...extra,
});

describe('completion/complete', () => {
  it('completes a prompt argument', async () => {
    const { client } = await ready();
    expect(
      await client.result(
        'completion/complete',
        complete({ type: 'ref/prompt', name: 'snippet' }, 'language', 'p'),
      ),
    ).toEqual({ completion: { values: ['python', 'perl', 'php'], total: 3, hasMore: false } });
  });

  it('passes context.arguments to the completer', async () => {
    const { client, promptContexts } = await ready();
    const result = await client.result(
      'completion/complete',
      complete({ type: 'ref/prompt', name: 'snippet' }, 'framework', '', {
        context: { arguments: { language: 'python' } },
      }),
    );
    expect(result.completion).toEqual({ values: ['django', 'flask'], total: 2, hasMore: false });
    expect(promptContexts).toEqual([{ arguments: { language: 'python' } }]);
  });

  it('caps values at 100 and reports total and hasMore', async () => {
    const { client } = await ready();
    const result = await client.result(
      'completion/complete',
      complete({ type: 'ref/prompt', name: 'many' }, 'n', ''),
    );
    const completion = result.completion as { values: string[]; total: number; hasMore: boolean };
    expect(completion.values).toHaveLength(100);
    expect(completion.values[99]).toBe('v99');
    expect(completion.total).toBe(150);
    expect(completion.hasMore).toBe(true);
  });

  it('completes a resource template variable (async completer)', async () => {
    const { client } = await ready();
    expect(
      await client.result(
        'completion/complete',
        complete({ type: 'ref/resource', uri: 'repos://{owner}/{repo}' }, 'owner', 'o'),
      ),
    ).toEqual({ completion: { values: ['octocat', 'openai'], total: 2, hasMore: false } });
  });

  it('answers an empty list for an argument without completer and for a fixed resource', async () => {
    const empty = { completion: { values: [], total: 0, hasMore: false } };
    const { client } = await ready();
    expect(
      await client.result(
        'completion/complete',
        complete({ type: 'ref/resource', uri: 'repos://{owner}/{repo}' }, 'repo', 'x'),
      ),
    ).toEqual(empty);
    expect(
      await client.result(
        'completion/complete',
        complete({ type: 'ref/resource', uri: 'file:///fixed' }, 'x', ''),
      ),
    ).toEqual(empty);
  });

  it.each([
    [
      'an unknown prompt',
      complete({ type: 'ref/prompt', name: 'ghost' }, 'a', ''),
      /Unknown prompt: ghost/,
    ],
    [
      'an unknown resource',
      complete({ type: 'ref/resource', uri: 'nope://x' }, 'a', ''),
      /nope:\/\/x/,
    ],
    ['an unknown ref type', complete({ type: 'ref/tool', name: 'x' }, 'a', ''), /ref\.type/],
    [
      'a missing argument name',
      { ref: { type: 'ref/prompt', name: 'snippet' }, argument: {} },
      /name/,
    ],
  ])('answers %s with -32602', async (_label, params, message) => {
    const { client } = await ready();
    const error = await client.error('completion/complete', params);
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(message);
  });
});
