import type { z } from 'zod';
import type { McpError } from '../../errors/mcp.error.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
  type InputResponses,
} from '../../protocol/schema/index.js';
import { envelopeError } from './request-state-codec.js';

/** The server → client methods a handler may ask for input with. */
export type InputMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';

/** The result schema an answer to each input method must satisfy. */
const ANSWER_SCHEMAS: Readonly<Record<InputMethod, z.ZodType>> = {
  'elicitation/create': ElicitResultSchema,
  'sampling/createMessage': CreateMessageResultSchema,
  'roots/list': ListRootsResultSchema,
};

/** The prefix of the default key of each input method (`elicitation:0`, `sampling:1`, ...). */
export const DEFAULT_KEY_PREFIX: Readonly<Record<InputMethod, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** True for the methods an input request may carry. */
export function isInputMethod(method: unknown): method is InputMethod {
  return typeof method === 'string' && method in ANSWER_SCHEMAS;
}

/** `-32602` naming the key (never echoing the value). */
function malformed(key: string): McpError {
  return envelopeError(`inputResponses.${key} is not a valid answer to its input request`);
}

/** Checks one answer against the result schema of the method it answers; `-32602` otherwise. */
export function checkAnswer(key: string, method: InputMethod, answer: unknown): unknown {
  const parsed = ANSWER_SCHEMAS[method].safeParse(answer);
  if (!parsed.success) throw malformed(key);
  return parsed.data;
}

/**
 * The `inputResponses` of a request: absent stays undefined; anything but an object of objects
 * is `-32602`; answers to keys the previous round asked (`asked`, from the verified state) are
 * checked against their method's result schema now, the others when a handler asks for them.
 */
export function readInputResponses(
  raw: unknown,
  asked: Readonly<Record<string, string>> | undefined,
): InputResponses | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw envelopeError('inputResponses must be an object of answers by key');
  }
  // No prototype: keys such as `__proto__` or `constructor` stay plain data.
  const responses: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, answer] of Object.entries(raw)) {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw malformed(key);
    }
    const method = asked && Object.hasOwn(asked, key) ? asked[key] : undefined;
    responses[key] = isInputMethod(method) ? checkAnswer(key, method, answer) : answer;
  }
  return responses as InputResponses;
}
