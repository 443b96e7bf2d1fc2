import type { CliSession } from '../cli-session.js';

/** What a command's argument completes to at the REPL prompt. */
export type Completes = 'tool' | 'prompt' | 'resource' | 'level' | 'command';

/** One REPL command: `name args`, its help line, and what it does. */
export interface ReplCommand {
  /** The word typed. */
  name: string;
  /** Other words for it. */
  aliases?: readonly string[];
  /** Argument synopsis for help, e.g. `<tool> [json]`. */
  args: string;
  /** One-line description for help. */
  summary: string;
  /** What the first argument completes to. */
  completes?: Completes;
  /** Runs it with the rest of the line; `'exit'` ends the REPL. */
  run(session: CliSession, rest: string): Promise<void | 'exit'>;
}

/** Splits `rest` into its first word and what follows (trimmed). */
export function firstWord(rest: string): [string, string] {
  const trimmed = rest.trim();
  const space = trimmed.search(/\s/);
  return space < 0 ? [trimmed, ''] : [trimmed.slice(0, space), trimmed.slice(space + 1).trim()];
}
