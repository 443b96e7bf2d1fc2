import { Writable } from 'node:stream';
import { format } from 'node:util';

type WriteFn = (...args: unknown[]) => boolean;
type ConsoleMethod = 'log' | 'info' | 'debug';
const REDIRECTED: readonly ConsoleMethod[] = ['log', 'info', 'debug'];

/** The process objects a {@link StdoutGuard} patches (the real ones unless a test passes fakes). */
export interface StdoutGuardTargets {
  /** The protocol stream (default `process.stdout`). */
  stdout: Writable;
  /** Where stray output goes (default `process.stderr`). */
  stderr: Writable;
  /** The console whose `log`/`info`/`debug` are redirected (default the global `console`). */
  console: Pick<Console, ConsoleMethod>;
}

/**
 * Keeps stdout for protocol messages only while a stdio MCP server runs. Once installed:
 * - `console.log`, `console.info` and `console.debug` print to stderr;
 * - anything else calling `process.stdout.write` (a logger, a library) writes to stderr;
 * - {@link protocolOutput} is the only way left to the real stdout: the transport writes there.
 *
 * Output written to file descriptor 1 without going through `process.stdout` (a native addon,
 * a child process inheriting stdio) cannot be caught: give children `stdio: 'pipe'` or `'ignore'`.
 * {@link restore} undoes everything.
 */
export class StdoutGuard {
  /** A Writable that writes straight to the real stdout, with its backpressure and errors. */
  readonly protocolOutput: Writable;
  private readonly savedConsole = new Map<ConsoleMethod, unknown>();
  private readonly ownWrite: boolean;
  private readonly originalWrite: WriteFn;
  private restored = false;

  private constructor(private readonly targets: StdoutGuardTargets) {
    const { stdout, stderr, console } = targets;
    const target = stdout as unknown as { write: WriteFn };
    this.ownWrite = Object.prototype.hasOwnProperty.call(stdout, 'write');
    this.originalWrite = target.write;
    const originalWrite = this.originalWrite;
    this.protocolOutput = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        try {
          originalWrite.call(stdout, chunk, (error?: Error | null) => callback(error ?? undefined));
        } catch (error) {
          callback(error as Error);
        }
      },
      // Ending the protocol output must not end the process's stdout.
      final: (callback) => callback(),
    });
    stdout.on('error', this.onStdoutError);
    const redirect: WriteFn = (...args) => Reflect.apply(stderr.write, stderr, args) as boolean;
    target.write = redirect;
    for (const method of REDIRECTED) {
      this.savedConsole.set(method, console[method]);
      console[method] = (...args: unknown[]) => {
        stderr.write(`${format(...args)}\n`);
      };
    }
  }

  /** Installs the guard on the process (or on the given targets). */
  static install(targets: Partial<StdoutGuardTargets> = {}): StdoutGuard {
    return new StdoutGuard({
      stdout: targets.stdout ?? process.stdout,
      stderr: targets.stderr ?? process.stderr,
      console: targets.console ?? console,
    });
  }

  /** True until {@link restore} is called. */
  get active(): boolean {
    return !this.restored;
  }

  /** Puts back `stdout.write` and the console methods. Idempotent. */
  restore(): void {
    if (this.restored) return;
    this.restored = true;
    const { stdout, console } = this.targets;
    const target = stdout as unknown as { write: WriteFn };
    if (this.ownWrite) target.write = this.originalWrite;
    else delete (target as { write?: WriteFn }).write;
    for (const [method, saved] of this.savedConsole) {
      (console as Record<ConsoleMethod, unknown>)[method] = saved;
    }
    stdout.off('error', this.onStdoutError);
  }

  // An EPIPE on stdout (the client went away) reaches the transport through protocolOutput.
  private readonly onStdoutError = (error: Error): void => {
    if (!this.protocolOutput.destroyed) this.protocolOutput.destroy(error);
  };
}
