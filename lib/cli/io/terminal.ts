import type { Completer } from 'node:readline';
import { LineInput } from './line-input.js';
import type { Output } from './output.js';

/** The process streams the CLI talks through (the tests pass their own). */
export interface CliStreams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** What the REPL adds to the line input: completion and a persisted history. */
export interface ReplInputOptions {
  completer: Completer;
  history: string[];
  onHistory: (history: string[]) => void;
  onInterrupt: () => void;
}

/**
 * The user at the keyboard: questions (`ask`) and remarks (`say`) for prompts, over one
 * {@link LineInput}. The REPL opens it with completion and history on stdout; a one-shot command
 * opens it only when the server asks something, with its prompts on stderr so stdout stays JSON.
 */
export class Terminal {
  private line?: LineInput | undefined;

  constructor(
    private readonly streams: CliStreams,
    private readonly out: Output,
  ) {}

  /** True when stdin is a terminal (line editing, completion, history). */
  get interactive(): boolean {
    return this.streams.stdin.isTTY === true;
  }

  /**
   * Opens the REPL's input: prompts and events on stdout; the command history is kept for piped
   * input too (the REPL only gives it a file on a terminal or when one is named).
   */
  openRepl(options: ReplInputOptions): LineInput {
    const terminal = this.interactive;
    const { completer, ...rest } = options;
    this.line = new LineInput({
      input: this.streams.stdin,
      output: this.streams.stdout,
      terminal,
      ...rest,
      ...(terminal ? { completer } : {}),
    });
    this.out.attach(this.line);
    return this.line;
  }

  /** Asks a question and resolves the answer (`undefined` once the input ended). */
  readonly ask = (question: string): Promise<string | undefined> => {
    this.line ??= new LineInput({
      input: this.streams.stdin,
      output: this.streams.stderr,
      terminal: false,
    });
    return this.line.read(question);
  };

  /** A remark for the user (above the prompt in the REPL, stderr otherwise). */
  readonly say = (text: string): void => this.out.event(text);

  /** Stops reading stdin. */
  close(): void {
    this.line?.close();
  }
}
