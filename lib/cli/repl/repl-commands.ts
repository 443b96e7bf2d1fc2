import { callCommand, toolsCommand } from '../commands/tool.commands.js';
import { getPromptCommand, promptsCommand } from '../commands/prompt.commands.js';
import type { ReplCommand } from '../commands/repl-command.interface.js';
import {
  readCommand,
  resourcesCommand,
  subscribeCommand,
  templatesCommand,
  unsubscribeCommand,
} from '../commands/resource.commands.js';
import { clearCommand, reconnectCommand } from '../commands/session.commands.js';
import { skillCommand, skillsCommand } from '../commands/skill.commands.js';
import {
  capabilitiesCommand,
  infoCommand,
  logLevelCommand,
  pingCommand,
  stateCommand,
} from '../commands/server.commands.js';

const exitCommand: ReplCommand = {
  name: 'exit',
  aliases: ['quit', '.exit'],
  args: '',
  summary: 'close the connection and leave (also Ctrl-D)',
  run: () => Promise.resolve('exit'),
};

const helpCommand: ReplCommand = {
  name: 'help',
  aliases: ['?'],
  args: '',
  summary: 'this list',
  run(session) {
    const rows = REPL_COMMANDS.map((c) => [`${c.name} ${c.args}`.trim(), c.summary] as const);
    const width = Math.max(...rows.map(([usage]) => usage.length));
    session.out.print(
      rows.map(([usage, summary]) => `  ${usage.padEnd(width)}  ${summary}`).join('\n'),
    );
    return Promise.resolve();
  },
};

/** Every REPL command, in the order `help` lists them. */
export const REPL_COMMANDS: readonly ReplCommand[] = [
  toolsCommand,
  callCommand,
  promptsCommand,
  getPromptCommand,
  resourcesCommand,
  templatesCommand,
  readCommand,
  subscribeCommand,
  unsubscribeCommand,
  skillsCommand,
  skillCommand,
  pingCommand,
  infoCommand,
  capabilitiesCommand,
  stateCommand,
  logLevelCommand,
  reconnectCommand,
  clearCommand,
  helpCommand,
  exitCommand,
];

const BY_WORD = new Map<string, ReplCommand>(
  REPL_COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])].map((w) => [w, c] as const)),
);

/** The command a word names (name or alias), if any. */
export const findReplCommand = (word: string): ReplCommand | undefined => BY_WORD.get(word);

/** Every word that names a command (for completion). */
export const REPL_WORDS: readonly string[] = [...BY_WORD.keys()];
