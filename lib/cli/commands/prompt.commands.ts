import { formatListing, formatPromptResult } from '../format/format-result.js';
import type { ObjectSchema } from '../prompt/field-schema.js';
import { readArguments } from './read-arguments.js';
import { firstWord, type ReplCommand } from './repl-command.interface.js';

/** Prompt arguments are strings: other JSON values are sent as their JSON text. */
export function asPromptArguments(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** `prompts`: lists the prompts and their arguments. */
export const promptsCommand: ReplCommand = {
  name: 'prompts',
  args: '',
  summary: 'list the prompts',
  async run(session) {
    const prompts = await session.refreshPrompts();
    session.out.print(
      formatListing(
        prompts.map((p) => ({
          name: `${p.name}(${(p.arguments ?? []).map((a) => (a.required ? a.name : `${a.name}?`)).join(', ')})`,
          description: p.description,
        })),
      ),
    );
  },
};

/**
 * `prompt <name> [json]`: gets a prompt with JSON arguments, or asks for each of its arguments
 * (all strings) when no JSON is given.
 */
export const getPromptCommand: ReplCommand = {
  name: 'prompt',
  args: '<name> [json|@file]',
  summary: 'get a prompt (no JSON: asks for each argument)',
  completes: 'prompt',
  async run(session, rest) {
    const [name, json] = firstWord(rest);
    if (!name) return session.out.error('usage: prompt <name> [json]');
    if (!session.prompts.has(name)) await session.refreshPrompts();
    const declared = session.prompts.get(name)?.arguments ?? [];
    const schema: ObjectSchema = {
      properties: Object.fromEntries(
        declared.map((a) => [a.name, { type: 'string', description: a.description }]),
      ),
      required: declared.filter((a) => a.required).map((a) => a.name),
    };
    const args = await readArguments(session, json, schema);
    if (!args) return;
    const result = await session.client.getPrompt(name, asPromptArguments(args));
    session.out.print(formatPromptResult(result));
  },
};
