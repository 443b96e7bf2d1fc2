import { image, text } from '../../../../lib/protocol/content.js';
import { toGetPromptResult } from '../../../../lib/server/results/prompt-result.js';

describe('toGetPromptResult', () => {
  it('turns a string into one user message with a text block', () => {
    expect(toGetPromptResult('Review this')).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Review this' } }],
    });
  });

  it('takes an array as the messages, turning string content into text blocks', () => {
    expect(
      toGetPromptResult([
        { role: 'user', content: 'question' },
        { role: 'assistant', content: image('AAAA', 'image/png') },
      ]),
    ).toEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: 'question' } },
        { role: 'assistant', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
      ],
    });
  });

  it('passes a GetPromptResult through, keeping extra fields and normalising content', () => {
    const value = {
      description: 'own',
      _meta: { k: 1 },
      messages: [{ role: 'user' as const, content: 'hi' }],
    };
    const result = toGetPromptResult(value, 'declared');
    expect(result).toEqual({
      description: 'own',
      _meta: { k: 1 },
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
    });
    expect(value.messages[0].content).toBe('hi'); // input not mutated
  });

  it('fills in the declared description only when the result has none', () => {
    expect(toGetPromptResult('x', 'Declared').description).toBe('Declared');
    expect(toGetPromptResult('x').description).toBeUndefined();
    expect('description' in toGetPromptResult('x')).toBe(false);
  });

  it('keeps message-level extra fields', () => {
    const result = toGetPromptResult([{ role: 'user', content: text('a'), _meta: { m: 1 } }]);
    expect(result.messages[0]).toEqual({ role: 'user', content: text('a'), _meta: { m: 1 } });
  });

  it.each([
    ['undefined', undefined],
    ['a number', 5],
    ['an object without messages', { text: 'x' }],
    ['messages that is not an array', { messages: 'x' }],
  ])('refuses %s with a TypeError', (_label, value) => {
    expect(() => toGetPromptResult(value)).toThrow(
      new TypeError('A prompt handler must return messages, a GetPromptResult or a string'),
    );
  });

  it.each([
    ['a system role', [{ role: 'system', content: 'x' }]],
    ['a missing role', [{ content: 'x' }]],
    ['an array of blocks as content', [{ role: 'user', content: [text('a')] }]],
    ['a non-block object as content', [{ role: 'user', content: { foo: 1 } }]],
    ['a missing content', [{ role: 'user' }]],
  ])('refuses a message with %s', (_label, messages) => {
    expect(() => toGetPromptResult(messages)).toThrow(
      'Each prompt message needs role "user" | "assistant" and one content block',
    );
  });
});
