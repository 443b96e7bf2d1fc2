import { isContentBlock, text } from '../../protocol/content.js';
import type { GetPromptResult, Role } from '../../protocol/schema/index.js';
import { unwrapResponse } from '../response/response-builder.js';

/** A prompt message as a handler may return it: content may be a plain string. */
type LoosePromptMessage = { role: unknown; content: unknown };

const isRole = (role: unknown): role is Role => role === 'user' || role === 'assistant';

/**
 * Wraps what a prompt handler returned (a response builder is built first): a result with `messages` passes through (message content
 * given as a string becomes a text block); an array is taken as the messages; a string becomes
 * one user message.
 */
export function toGetPromptResult(returned: unknown, description?: string): GetPromptResult {
  const value = unwrapResponse(returned);
  let result: { messages: LoosePromptMessage[]; description?: string };
  if (typeof value === 'string') result = { messages: [{ role: 'user', content: text(value) }] };
  else if (Array.isArray(value)) result = { messages: value as LoosePromptMessage[] };
  else if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as GetPromptResult).messages)
  ) {
    result = { ...(value as { messages: LoosePromptMessage[] }) };
  } else {
    throw new TypeError('A prompt handler must return messages, a GetPromptResult or a string');
  }
  const messages = result.messages.map((m) => {
    const content = typeof m.content === 'string' ? text(m.content) : m.content;
    if (!isContentBlock(content) || !isRole(m.role)) {
      throw new TypeError(
        'Each prompt message needs role "user" | "assistant" and one content block',
      );
    }
    return { ...m, role: m.role, content };
  });
  const prompt: GetPromptResult = { ...result, messages };
  if (description !== undefined && prompt.description === undefined)
    prompt.description = description;
  return prompt;
}
