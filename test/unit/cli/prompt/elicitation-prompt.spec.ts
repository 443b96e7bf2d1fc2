import { createElicitationPrompt } from '../../../../lib/cli/prompt/elicitation-prompt.js';
import { createSamplingPrompt } from '../../../../lib/cli/prompt/sampling-prompt.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';

/** Answers from a script; records what was said. */
function scripted(answers: Array<string | undefined>) {
  const said: string[] = [];
  return {
    ask: () => Promise.resolve(answers.shift()),
    say: (text: string) => void said.push(text),
    said,
  };
}

const signal = new AbortController().signal;

describe('elicitation at the prompt', () => {
  const url = {
    mode: 'url' as const,
    message: 'Sign in to continue',
    elicitationId: 'e1',
    url: 'https://auth.example/start?e=1',
  };

  it('URL mode prints the URL and answers with the action chosen (no content)', async () => {
    const io = scripted(['x', 'd']);
    const answer = await createElicitationPrompt(io.ask, io.say)(url, { signal });
    expect(answer).toEqual({ action: 'decline' });
    expect(io.said).toEqual([
      '\nThe server asks: Sign in to continue',
      '  Open this URL to continue: https://auth.example/start?e=1',
      '  answer a (accept), d (decline) or c (cancel)',
    ]);
  });

  it('the input ending cancels, in either mode', async () => {
    const io = scripted([]);
    const handler = createElicitationPrompt(io.ask, io.say);
    await expect(handler(url, { signal })).resolves.toEqual({ action: 'cancel' });
    const form = {
      message: 'Name?',
      requestedSchema: {
        type: 'object' as const,
        properties: { name: { type: 'string' as const } },
      },
    };
    await expect(handler(form, { signal })).resolves.toEqual({ action: 'cancel' });
    const midway = scripted(['a', undefined]);
    const handler2 = createElicitationPrompt(midway.ask, midway.say);
    await expect(handler2(form, { signal })).resolves.toEqual({ action: 'cancel' });
  });
});

describe('sampling at the prompt', () => {
  const params = {
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi?' } }],
    systemPrompt: 'Be brief',
    maxTokens: 10,
  };

  it('shows the conversation and answers with the typed reply', async () => {
    const io = scripted(['Hello']);
    await expect(createSamplingPrompt(io.ask, io.say)(params, { signal })).resolves.toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'Hello' },
      model: 'human',
      stopReason: 'endTurn',
    });
    expect(io.said).toEqual([
      '\nThe server asks for a completion (max 10 tokens):',
      '  [system] Be brief',
      '  [user] Hi?',
    ]);
  });

  it('an empty reply or the input ending refuses with code -1', async () => {
    for (const answer of ['', undefined]) {
      const io = scripted([answer]);
      const refused = createSamplingPrompt(io.ask, io.say)(params, { signal });
      await expect(refused).rejects.toBeInstanceOf(McpError);
      await expect(refused).rejects.toMatchObject({ code: -1 });
    }
  });
});
