import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built CLI (`lib/cli/main.ts` after `npm run build`). */
export const CLI_MAIN = fileURLToPath(new URL('../../../../dist/lib/cli/main.js', import.meta.url));

/** Repository root (the working directory of the CLI and of servers it launches). */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The built CLI's path; throws a clear error when `npm run build` has not run. */
export function builtCli(): string {
  if (!existsSync(CLI_MAIN)) {
    throw new Error(`${CLI_MAIN} is missing: run "npm run build" before the CLI e2e specs`);
  }
  return CLI_MAIN;
}

/** How a finished CLI run ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The `nestjs-mcp` CLI as a child process with piped stdin (its non-TTY mode), driven the way a
 * user types: wait for text on stdout/stderr, then send a line. `expect` waits only for output
 * after the previous match, so each step sees its own answer.
 */
export class CliProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private seen = '';
  private cursor = 0;
  private out = '';
  private err = '';
  /** Resolves when the process exits, with what it printed. */
  readonly exited: Promise<CliRun>;

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [builtCli(), ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    this.child.stdout.setEncoding('utf8').on('data', (s: string) => {
      this.out += s;
      this.seen += s;
    });
    this.child.stderr.setEncoding('utf8').on('data', (s: string) => {
      this.err += s;
      this.seen += s;
    });
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code) => resolve({ code, stdout: this.out, stderr: this.err })),
    );
  }

  /** Everything printed so far, stdout and stderr interleaved as they arrived. */
  get transcript(): string {
    return this.seen;
  }

  /**
   * Waits until `pattern` appears in the output printed since the last match; resolves the match.
   * Fails after `timeoutMs` with the transcript, so a broken step says what it saw instead.
   */
  async expect(pattern: string | RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
    const regex =
      typeof pattern === 'string'
        ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        : pattern;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = regex.exec(this.seen.slice(this.cursor));
      if (match) {
        this.cursor += match.index + match[0].length;
        return match;
      }
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(
          `CLI output did not show ${String(pattern)}; after the last match it printed:\n` +
            this.seen.slice(this.cursor),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Types one line. */
  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** Closes stdin (Ctrl-D) and waits for the exit. */
  end(): Promise<CliRun> {
    this.child.stdin.end();
    return this.exited;
  }

  /** Kills the process if still running (test cleanup). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** Runs the CLI to completion with `input` on stdin (closed after it). */
export function runCli(args: readonly string[], input = ''): Promise<CliRun> {
  const cli = new CliProcess(args);
  if (input) cli.send(input);
  return cli.end();
}
