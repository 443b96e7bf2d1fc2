import type { Observable, Subscription } from 'rxjs';
import { CliError, EXIT } from '../cli-error.js';
import type { CliSession } from '../cli-session.js';
import { firstWord } from '../commands/repl-command.interface.js';
import { describeError } from '../io/output.js';
import { transportName } from '../target/create-transport.js';
import { loadHistory, saveHistory } from './history-file.js';
import { completeLine } from './repl-completer.js';
import { findReplCommand } from './repl-commands.js';

/** The REPL's prompt. */
export const REPL_PROMPT = 'mcp> ';

/** Options of {@link runRepl}. */
export interface ReplOptions {
  /**
   * Where the command history is kept between runs; undefined: not kept. Only commands are
   * written, never the answers typed at prompts (arguments, elicitation, sampling).
   */
  historyFile?: string | undefined;
}

/**
 * Holds the list-change streams of the capabilities the server announces, so a 2026-07-28 server
 * is asked (through `subscriptions/listen`) to send them; the notifications themselves are printed
 * by the session events.
 */
function holdListChanges(session: CliSession): Subscription[] {
  const { client, out } = session;
  const caps = client.serverCapabilities ?? {};
  const streams: Array<Observable<void> | undefined> = [
    caps.tools?.listChanged ? client.toolsChanged$ : undefined,
    caps.prompts?.listChanged ? client.promptsChanged$ : undefined,
    caps.resources?.listChanged ? client.resourcesChanged$ : undefined,
  ];
  return streams
    .filter((s) => s !== undefined)
    .map((s) =>
      s.subscribe({ error: (e: unknown) => out.detail(1, `list changes: ${describeError(e)}`) }),
    );
}

/**
 * The interactive shell: reads commands (history and tab completion on a terminal; piped input
 * works line by line), runs them one at a time, prints events as they arrive. Ctrl-C cancels the
 * running command's requests; Ctrl-D, `exit` or the end of stdin leaves. Resolves the exit code.
 */
export async function runRepl(session: CliSession, options: ReplOptions = {}): Promise<number> {
  const { out, terminal } = session;
  const client = session.client;
  let busy = false;
  const input = terminal.openRepl({
    completer: (line) => completeLine(session, line),
    history: loadHistory(options.historyFile),
    onHistory: (history) => saveHistory(options.historyFile, history),
    onInterrupt: () => {
      if (!busy) return out.event('(Ctrl-D or "exit" to leave)');
      session.client.cancelAll('Interrupted by the user');
      out.event('(cancelled)');
    },
  });
  const info = client.serverInfo;
  out.print(
    `Connected to ${info?.name ?? 'server'} ${info?.version ?? ''} over ${transportName(session.target)} ` +
      `(${client.era} era, protocol ${client.protocolVersion}). Type "help" for commands.`,
  );
  await session.refreshNames();
  let held = holdListChanges(session);
  let heldFor = client;
  try {
    for (;;) {
      const line = await input.read(REPL_PROMPT, true);
      if (line === undefined) {
        if (terminal.interactive) out.print(''); // Ctrl-D: leave the shell's prompt on its own line
        break;
      }
      const [word, rest] = firstWord(line);
      if (!word) continue;
      const command = findReplCommand(word);
      if (!command) {
        out.error(`unknown command: ${word} (type "help" for the list)`);
        continue;
      }
      busy = true;
      try {
        if ((await command.run(session, rest)) === 'exit') break;
      } catch (error) {
        out.error(describeError(error));
      } finally {
        busy = false;
      }
      if (session.client.currentState === 'closed') {
        throw new CliError(`the connection to ${session.target.label} closed`, EXIT.unreachable);
      }
      if (session.client !== heldFor) {
        // `reconnect` made a new client: hold its list-change streams instead.
        for (const s of held) s.unsubscribe();
        held = holdListChanges(session);
        heldFor = session.client;
      }
    }
  } finally {
    for (const s of held) s.unsubscribe();
  }
  return EXIT.ok;
}
