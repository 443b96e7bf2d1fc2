import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { TransportError } from '../../errors/transport.error.js';
import { buildStdioEnvironment, type StdioClientTransportOptions } from './stdio-client.options.js';

/** A command line for messages: `node server.js "--name=a b"` (arguments with spaces quoted). */
export function describeCommand(command: string, args: readonly string[] = []): string {
  return [command, ...args]
    .map((part) => (/[\s"]/.test(part) ? JSON.stringify(part) : part))
    .join(' ');
}

/** How a server process ended. */
export interface StdioExit {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null;
}

/**
 * A launched stdio MCP server process: its pipes, its exit, and the spec's shutdown sequence.
 * {@link ended} resolves once the process exited and its pipes closed (everything it wrote has
 * been read by then); a grandchild still holding the pipes cannot delay it past a time bound.
 */
export class ServerProcess {
  /** Resolves with the exit once the process is gone and its pipes are closed. */
  readonly ended: Promise<StdioExit>;
  /** Set once the process exited. */
  exit?: StdioExit;
  private forceCloseTimer?: NodeJS.Timeout;

  private constructor(
    private readonly child: ChildProcess,
    private readonly stepTimeoutMs: number,
  ) {
    this.ended = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.forceCloseTimer = setTimeout(() => this.destroyPipes(), stepTimeoutMs);
        this.forceCloseTimer.unref();
      });
      child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(this.forceCloseTimer);
        this.exit ??= { code, signal };
        resolve(this.exit);
      });
    });
  }

  /**
   * Spawns `options.command` (no shell) with the merged environment and waits until it runs.
   * @throws TransportError `'refused'` naming the command (not found, not executable, bad cwd).
   */
  static async spawn(options: StdioClientTransportOptions): Promise<ServerProcess> {
    const { command, args = [], cwd } = options;
    try {
      const child = spawn(command, [...args], {
        cwd,
        env: buildStdioEnvironment(options.env),
        stdio: ['pipe', 'pipe', options.stderr ?? 'pipe'],
        windowsHide: true,
        shell: false,
      });
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
      return new ServerProcess(child, options.closeTimeoutMs ?? 2000);
    } catch (error) {
      throw new TransportError(
        `Cannot start the MCP server \`${describeCommand(command, args)}\`: ${(error as Error).message}`,
        'refused',
        undefined,
        { cause: error },
      );
    }
  }

  /** Process id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The server's stdin. */
  get stdin(): Writable {
    return this.child.stdin!;
  }

  /** The server's stdout. */
  get stdout(): Readable {
    return this.child.stdout!;
  }

  /** The server's stderr (null unless piped). */
  get stderr(): Readable | null {
    return this.child.stderr;
  }

  /** Reports process-level errors (a failed kill) after the start. */
  onError(listener: (error: Error) => void): void {
    this.child.on('error', listener);
  }

  /**
   * The spec's shutdown: `endInput()` (stdin EOF), wait; SIGTERM, wait; SIGKILL, wait; each wait
   * bounded by `closeTimeoutMs`. Resolves once the process is gone.
   */
  async stop(endInput: () => void): Promise<void> {
    endInput();
    if (await this.waitForEnd()) return;
    this.child.kill('SIGTERM');
    if (await this.waitForEnd()) return;
    this.child.kill('SIGKILL');
    if (await this.waitForEnd()) return;
    this.destroyPipes();
    await this.ended;
  }

  /** Resolves true once {@link ended}, false after `closeTimeoutMs`. */
  waitForEnd(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.stepTimeoutMs);
    });
    return Promise.race([this.ended.then(() => true), timeout]).finally(() => clearTimeout(timer));
  }

  private destroyPipes(): void {
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) {
      stream?.destroy();
    }
  }
}
