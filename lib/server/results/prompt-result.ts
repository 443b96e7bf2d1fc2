import { isContentBlock, text } from '../../protocol/content.js';

/** A `prompts/get` result. */
export type GetPromptResult = Record<string, unknown> & {
  messages: Array<{ role: 'user' | 'assistant'; content: unknown }>;
  description?: string;
};

/**
 * Wraps what a prompt handler returned: a result with `messages` passes through (message content
 * given as a string becomes a text block); an array is taken as the messages; a string becomes
 * one user message.
 */
export function toGetPromptResult(value: unknown, description?: string): GetPromptResult {
  let result: GetPromptResult;
  if (typeof value === 'string') result = { messages: [{ role: 'user', content: text(value) }] };
  else if (Array.isArray(value)) result = { messages: value };
  else if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GetPromptResult).messages)
  ) {
    result = { ...(value as GetPromptResult) };
  } else {
    throw new TypeError('A prompt handler must return messages, a GetPromptResult or a string');
  }
  result.messages = result.messages.map((m) => {
    const content = typeof m.content === 'string' ? text(m.content) : m.content;
    if (!isContentBlock(content) || (m.role !== 'user' && m.role !== 'assistant')) {
      throw new TypeError(
        'Each prompt message needs role "user" | "assistant" and one content block',
      );
    }
    return { ...m, content };
  });
  if (description !== undefined && result.description === undefined)
    result.description = description;
  return result;
}
