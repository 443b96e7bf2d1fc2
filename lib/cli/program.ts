import { homedir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './cli-error.js';
import { addConnectionFlags, type ConnectionFlags } from './connection-flags.js';
import { CLI_VERSION, openSession } from './connect.js';
import { toJson } from './format/format-content.js';
import type { CliStreams } from './io/terminal.js';
import {
  ONE_SHOT_COMMANDS,
  operationFailed,
  type OneShotCommand,
} from './one-shot/one-shot-commands.js';
import { runRepl } from './repl/run-repl.js';

/** Default history file of the REPL. */
const HISTORY_FILE = join(homedir(), '.nestjs_mcp_history');

interface ReplFlags extends ConnectionFlags {
  history: boolean;
  historyFile?: string;
}

async function repl(words: string[], flags: ReplFlags, streams: CliStreams): Promise<number> {
  const { session, close } = await openSession(words, flags, streams);
  try {
    // The default file on a terminal only (a piped script is no typing to recall); a named one
    // always. `--no-history` keeps none.
    const fallback = streams.stdin.isTTY === true ? HISTORY_FILE : undefined;
    const historyFile = flags.history ? (flags.historyFile ?? fallback) : undefined;
    return await runRepl(session, { historyFile });
  } finally {
    await close();
  }
}

async function oneShot(
  command: OneShotCommand,
  target: string,
  args: string[],
  flags: ConnectionFlags,
  streams: CliStreams,
): Promise<number> {
  command.check?.(args);
  const { session, close } = await openSession([target], flags, streams, { notifications: false });
  try {
    const { value, failed } = await command.run(session, args).catch((error: unknown) => {
      throw operationFailed(error, `${command.name} failed`);
    });
    streams.stdout.write(`${toJson(value)}\n`);
    return failed ? EXIT.failed : EXIT.ok;
  } finally {
    await close();
  }
}

/**
 * The `nestjs-mcp` program (commander): the default `repl` command and one command per
 * one-shot operation. Each action hands its work to `run` and returns what `run` returns (commander
 * awaits it); output goes to the given streams.
 * `runCli` parses with it; `renderCliReference` (the CLI guide's reference) reads its definitions.
 */
export function createCliProgram(
  streams: CliStreams,
  run: (work: Promise<number>) => Promise<void>,
): Command {
  const program = new Command('nestjs-mcp')
    .description(
      'Talk to any MCP server: Streamable HTTP, legacy SSE, WebSocket or stdio, both protocol eras.',
    )
    .version(CLI_VERSION)
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
    })
    .exitOverride()
    .showHelpAfterError('(nestjs-mcp --help for usage)')
    .enablePositionalOptions();

  addConnectionFlags(program.command('repl', { isDefault: true }))
    .description('open an interactive shell (the default command)')
    .argument('<target...>', 'URL (http, https, ws, wss) or the command line of a stdio server')
    .option('--no-history', 'keep no command history file')
    .option(
      '--history-file <path>',
      `command history file (default on a terminal: ${HISTORY_FILE}); answers typed at prompts are never kept`,
    )
    .passThroughOptions()
    .action((words: string[], flags: ReplFlags) => run(repl(words, flags, streams)));

  for (const command of ONE_SHOT_COMMANDS) {
    addConnectionFlags(program.command(`${command.name} <target> ${command.args}`.trim()))
      .description(command.summary)
      .action((target: string, ...rest: unknown[]) => {
        const flags = rest.at(-2) as ConnectionFlags;
        const args = rest.slice(0, -2) as Array<string | undefined>;
        return run(
          oneShot(
            command,
            target,
            args.filter((a) => a !== undefined),
            flags,
            streams,
          ),
        );
      });
  }
  return program;
}

/**
 * The `nestjs-mcp` command line: `nestjs-mcp [options] <target...>` opens the REPL;
 * `nestjs-mcp <command> [options] <target> ...` runs one operation and prints its JSON result.
 * Resolves the exit code (see `EXIT`); writes only to the given streams.
 */
export async function runCli(argv: readonly string[], streams: CliStreams): Promise<number> {
  let code: number = EXIT.ok;
  const program = createCliProgram(streams, (work) => work.then((c) => void (code = c)));

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure = error instanceof CliError ? error : operationFailed(error, 'failed');
    streams.stderr.write(`error: ${failure.message}\n`);
    return failure.exitCode;
  }
}
