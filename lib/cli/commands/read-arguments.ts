import { parseJsonObject } from '../json-arguments.js';
import type { CliSession } from '../cli-session.js';
import type { ObjectSchema } from '../prompt/field-schema.js';
import { promptObject } from '../prompt/prompt-object.js';

/**
 * The arguments of a REPL `call`/`prompt`: the JSON typed after the name, or, when none was typed
 * and the schema has fields, each field asked in turn. Resolves `undefined` (after saying so)
 * when the input ended while asking.
 * @throws CliError on malformed JSON.
 */
export async function readArguments(
  session: CliSession,
  json: string,
  schema: ObjectSchema,
): Promise<Record<string, unknown> | undefined> {
  if (json !== '' || Object.keys(schema.properties ?? {}).length === 0) {
    return parseJsonObject(json, 'arguments');
  }
  const asked = await promptObject(schema, session.terminal.ask, session.terminal.say);
  if (!asked) session.out.error('input ended: nothing sent');
  return asked;
}
