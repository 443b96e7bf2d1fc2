import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';

describe('prompts and completion', () => {
  let server: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    server = await startApp();
    peer = await connectClient(server.url);
  });

  afterAll(async () => {
    await peer?.close();
    await server.close();
  });

  describe('prompts', () => {
    it('lists prompts with their arguments', async () => {
      const { prompts } = await peer.client.listPrompts();
      expect(prompts).toEqual([
        {
          name: 'summarise',
          description: 'Summarise a topic',
          arguments: [
            { name: 'topic', required: true },
            { name: 'style', required: false },
          ],
        },
        { name: 'greeting', description: 'Says hello' },
        {
          name: 'review_code',
          description: 'Reviews code',
          arguments: [{ name: 'code', required: true, description: 'The code to review' }],
        },
      ]);
    });

    it('renders a prompt with its arguments', async () => {
      const result = await peer.client.getPrompt({
        name: 'summarise',
        arguments: { topic: 'MCP', style: 'haiku' },
      });
      expect(result.description).toBe('Summarise a topic');
      expect(result.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Summarise MCP in a haiku style.' } },
      ]);
    });

    it('renders a prompt with optional arguments left out', async () => {
      const result = await peer.client.getPrompt({
        name: 'summarise',
        arguments: { topic: 'RxJS' },
      });
      expect(result.messages[0].content).toEqual({ type: 'text', text: 'Summarise RxJS.' });
    });

    it('renders a prompt declared with an explicit argument list', async () => {
      const result = await peer.client.getPrompt({
        name: 'review_code',
        arguments: { code: 'x = 1' },
      });
      expect(result.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Review: x = 1' } },
      ]);
    });

    it.each([
      ['summarise', { style: 'haiku' }, /topic/],
      ['review_code', {}, /code/],
    ])('answers a missing required argument of %s with -32602', async (name, args, names) => {
      const get = peer.client.getPrompt({ name, arguments: args });
      await expect(get).rejects.toBeInstanceOf(McpError);
      await expect(get).rejects.toMatchObject({ code: -32602 });
      await expect(get).rejects.toThrow(names);
    });

    it('answers an unknown prompt with -32602', async () => {
      const get = peer.client.getPrompt({ name: 'nope' });
      await expect(get).rejects.toMatchObject({ code: -32602 });
    });
  });

  describe('completion/complete', () => {
    it('completes a prompt argument', async () => {
      const result = await peer.client.complete({
        ref: { type: 'ref/prompt', name: 'summarise' },
        argument: { name: 'topic', value: 'nest' },
      });
      expect(result.completion).toMatchObject({ values: ['nestjs', 'nest-cli'], total: 2 });
      expect(result.completion.hasMore).toBeFalsy();
    });

    it('completes a resource template variable', async () => {
      const result = await peer.client.complete({
        ref: { type: 'ref/resource', uri: 'test://users/{userId}/posts/{postId}' },
        argument: { name: 'userId', value: 'al' },
      });
      expect(result.completion.values).toEqual(['alice', 'albert']);
    });

    it('returns no values for an argument without a completer', async () => {
      const result = await peer.client.complete({
        ref: { type: 'ref/prompt', name: 'summarise' },
        argument: { name: 'style', value: 'h' },
      });
      expect(result.completion.values).toEqual([]);
    });

    it('answers completion for an unknown prompt with -32602', async () => {
      const call = peer.client.complete({
        ref: { type: 'ref/prompt', name: 'nope' },
        argument: { name: 'x', value: '' },
      });
      await expect(call).rejects.toMatchObject({ code: -32602 });
    });
  });
});
