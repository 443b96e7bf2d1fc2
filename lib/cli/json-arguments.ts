import { readFileSync } from 'node:fs';
import { CliError, EXIT } from './cli-error.js';

/**
 * Parses JSON arguments given on the command line: an object, `@path` (the JSON object in that
 * file, for arguments too long or too nested to type), or nothing (empty = `{}`).
 * @throws CliError (usage) naming what is wrong (an unreadable file, malformed JSON, not an object).
 */
export function parseJsonObject(text: string | undefined, what: string): Record<string, unknown> {
  const trimmed = text?.trim() ?? '';
  if (trimmed.startsWith('@')) {
    const path = trimmed.slice(1);
    let content: string;
    try {
      content = readFileSync(path, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new CliError(`cannot read ${what} from ${path}: ${reason}`, EXIT.usage);
    }
    return parseJsonText(content.trim(), `${what} in ${path}`);
  }
  return parseJsonText(trimmed, what);
}

function parseJsonText(trimmed: string, what: string): Record<string, unknown> {
  if (trimmed === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new CliError(
      `malformed JSON ${what}: ${(error as Error).message} in ${trimmed}`,
      EXIT.usage,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${what} must be a JSON object, got ${trimmed}`, EXIT.usage);
  }
  return value as Record<string, unknown>;
}
