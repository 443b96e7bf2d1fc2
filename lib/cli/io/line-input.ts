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
  /** Earlier lines, newest first (terminal only). */
  history?: string[] | undefined;
  /** Called with the whole history (newest first) whenever it changes. */
  onHistory?: ((history: string[]) => void) | undefined;
  /** Ctrl-C at the prompt (terminal only). */
  onInterrupt?: (() => void) | undefined;
}

interface Waiter {
  prompt: string;
  resolve: (line: string | undefined) => void;
}

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

  constructor(private readonly options: LineInputOptions) {
    this.rl = createInterface({
      input: options.input,
      output: options.output,
      terminal: options.terminal,
      completer: options.completer,
      history: options.history ?? [],
      historySize: 500,
      removeHistoryDuplicates: true,
      prompt: '',
    });
    this.rl.on('line', (line) => this.deliver(line));
    this.rl.on('close', () => this.end());
    this.rl.on('history', (history: string[]) => options.onHistory?.(history));
    this.rl.on('SIGINT', () => {
      if (options.onInterrupt) options.onInterrupt();
      else this.rl.close();
    });
  }

  /** True once the input ended. */
  get closed(): boolean {
    return this.ended;
  }

  /** Writes `prompt` and resolves the next line, or `undefined` when the input ended. */
  read(prompt: string): Promise<string | undefined> {
    if (this.ended && this.queued.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiters.push({ prompt, resolve });
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
    waiter.resolve(line);
    // A nested question was answered: show the prompt of the one still waiting again.
    const next = this.waiters.at(-1);
    if (next) queueMicrotask(() => this.showPrompt(next.prompt));
  }

  private end(): void {
    this.ended = true;
    // Queued lines are still handed out; waiters beyond them get undefined.
    while (this.waiters.length > 0 && this.queued.length === 0)
      this.waiters.pop()!.resolve(undefined);
  }
}
