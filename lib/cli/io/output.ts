import type { LineInput } from './line-input.js';

/** How much the CLI says besides results: 0 default, 1 (`-v`) connection detail, 2 (`-vv`) wire. */
export type Verbosity = 0 | 1 | 2;

/**
 * Where the CLI writes. Results go to stdout. Things that arrive on their own (notifications,
 * progress, server logs) go above the REPL prompt, or to stderr in one-shot mode so stdout stays
 * the JSON result. Errors and `-v` detail go to stderr.
 */
export class Output {
  private input?: LineInput | undefined;

  constructor(
    private readonly stdout: NodeJS.WritableStream,
    private readonly stderr: NodeJS.WritableStream,
    readonly verbosity: Verbosity,
  ) {}

  /** Routes events above this input's prompt (the REPL); without one they go to stderr. */
  attach(input: LineInput | undefined): void {
    this.input = input;
  }

  /** A result or answer: stdout. */
  print(text: string): void {
    this.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Bytes for the terminal itself (control sequences): stdout, as they are. */
  raw(text: string): void {
    this.stdout.write(text);
  }

  /** Something the server sent on its own (log, progress, notification). */
  event(text: string): void {
    if (this.input) this.input.printAbove(text);
    else this.stderr.write(`${text}\n`);
  }

  /** A failure: stderr, prefixed `error:`. */
  error(text: string): void {
    this.stderr.write(`error: ${text}\n`);
  }

  /** Detail shown from verbosity `level` on (stderr). */
  detail(level: 1 | 2, text: string): void {
    if (this.verbosity >= level) this.stderr.write(`${text}\n`);
  }
}

/** The message of anything thrown, with the JSON-RPC code when it has one. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? `${error.message} (code ${code})` : error.message;
}
