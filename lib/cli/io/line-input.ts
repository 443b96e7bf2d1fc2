import {
  clearLine,
  createInterface,
  cursorTo,
  type Completer,
  type Interface,
} from 'node:readline';

/** Options of {@link LineInput}. */
export interface LineInputOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Line editing, history and completion (a TTY). Off for piped input. */
  terminal: boolean;
  /** Tab completion (terminal only). */
  completer?: Completer | undefined;
  /** Earlier commands, newest first (up-arrow recalls them on a terminal). */
  history?: string[] | undefined;
  /**
   * Called with the whole command history (newest first) whenever a command is added: only the
   * lines read with `remember` (commands), never the answers to questions (tool arguments,
   * elicitation, sampling), which may be secrets.
   */
  onHistory?: ((history: string[]) => void) | undefined;
  /** Ctrl-C at the prompt (terminal only). */
  onInterrupt?: (() => void) | undefined;
}

interface Waiter {
  prompt: string;
  remember: boolean;
  resolve: (line: string | undefined) => void;
}

/** Most commands kept in the history. */
const HISTORY_SIZE = 500;

/**
 * One reader of stdin for the whole CLI: the REPL's command prompt and the questions asked while a
 * command runs (tool arguments, elicitation, sampling) all read their line here. Lines that arrive
 * before anyone asks are queued (piped input); the most recent question gets the next line, so an
 * elicitation arriving while the REPL waits for a command is answered first. `read` resolves
 * `undefined` once the input ended (Ctrl-D, closed stdin).
 */
export class LineInput {
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private readonly waiters: Waiter[] = [];
  private ended = false;
  /** The commands read so far, newest first (what the history holds). */
  private commands: string[];

  constructor(private readonly options: LineInputOptions) {
    this.commands = (options.history ?? []).slice(0, HISTORY_SIZE);
    this.rl = createInterface({
      input: options.input,
      output: options.output,
      terminal: options.terminal,
      completer: options.completer,
      history: [...this.commands],
      historySize: HISTORY_SIZE,
      removeHistoryDuplicates: true,
      prompt: '',
    });
    this.rl.on('line', (line) => this.deliver(line));
    this.rl.on('close', () => this.end());
    this.rl.on('SIGINT', () => {
      if (options.onInterrupt) options.onInterrupt();
      else this.rl.close();
    });
  }

  /** True once the input ended. */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * Writes `prompt` and resolves the next line, or `undefined` when the input ended. A line read
   * with `remember` (a command) goes into the history; any other (an answer) never does.
   */
  read(prompt: string, remember = false): Promise<string | undefined> {
    if (this.ended && this.queued.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiters.push({ prompt, remember, resolve });
      this.showPrompt(prompt);
      if (this.queued.length > 0) this.deliver(this.queued.shift()!);
    });
  }

  /** Writes `text` (one or more lines) above the prompt being edited, then redraws the prompt. */
  printAbove(text: string): void {
    const out = this.options.output;
    const waiting = this.waiters.length > 0 && this.options.terminal;
    if (waiting) {
      clearLine(out, 0);
      cursorTo(out, 0);
    }
    out.write(text.endsWith('\n') ? text : `${text}\n`);
    if (waiting) this.rl.prompt(true);
  }

  /** Stops reading (pending reads resolve `undefined`). */
  close(): void {
    this.rl.close();
  }

  private showPrompt(prompt: string): void {
    this.rl.setPrompt(prompt);
    this.rl.prompt();
  }

  private deliver(line: string): void {
    const waiter = this.waiters.pop();
    if (!waiter) {
      this.queued.push(line);
      if (!this.options.terminal) this.rl.pause(); // back-pressure on piped input
      return;
    }
    this.keep(line, waiter.remember);
    waiter.resolve(line);
    // A nested question was answered: show the prompt of the one still waiting again.
    const next = this.waiters.at(-1);
    if (next) queueMicrotask(() => this.showPrompt(next.prompt));
  }

  /**
   * Puts a command first in the history (once) and tells `onHistory`. readline adds every line it
   * reads on a terminal, answers too: its list is replaced by the commands after each line.
   */
  private keep(line: string, remember: boolean): void {
    const command = line.trim();
    if (remember && command !== '') {
      this.commands = [line, ...this.commands.filter((l) => l !== line)].slice(0, HISTORY_SIZE);
      this.options.onHistory?.(this.commands);
    }
    if (this.options.terminal) {
      (this.rl as unknown as { history: string[] }).history = [...this.commands];
    }
  }

  private end(): void {
    this.ended = true;
    // Queued lines are still handed out; waiters beyond them get undefined.
    while (this.waiters.length > 0 && this.queued.length === 0)
      this.waiters.pop()!.resolve(undefined);
  }
}
