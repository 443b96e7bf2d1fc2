import type { CompleterResult } from 'node:readline';
import { LOGGING_LEVELS } from '../../protocol/schema/index.js';
import type { CliSession } from '../cli-session.js';
import { findReplCommand, REPL_WORDS } from './repl-commands.js';

function candidates(session: CliSession, command: string): readonly string[] {
  switch (findReplCommand(command)?.completes) {
    case 'tool':
      return [...session.tools.keys()];
    case 'prompt':
      return [...session.prompts.keys()];
    case 'resource':
      return session.resources.map((r) => r.uri);
    case 'level':
      return LOGGING_LEVELS;
    default:
      return [];
  }
}

/**
 * Tab completion at the REPL prompt: command names for the first word, then what the command
 * takes (tool, prompt, resource names as last listed, log levels). Returns readline's
 * `[matches, the part being completed]`.
 */
export function completeLine(session: CliSession, line: string): CompleterResult {
  const words = line.trimStart().split(/\s+/);
  if (words.length <= 1) {
    const part = words[0] ?? '';
    return [REPL_WORDS.filter((w) => w.startsWith(part)), part];
  }
  if (words.length > 2) return [[], line];
  const part = words[1]!;
  return [candidates(session, words[0]!).filter((c) => c.startsWith(part)), part];
}
