import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { waitFor } from '../../support/wait.js';
import { ROOT } from './sample.js';

/** How a process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A stdio server process driven byte by byte: what the tests write to stdin is exactly what the
 * server reads, and stdout/stderr are recorded whole (to check that stdout holds JSON-RPC only).
 */
export class RawStdioServer {
  /** Everything written to stdout. */
  stdout = '';
  /** Everything written to stderr. */
  stderr = '';
  /** Resolves when the process has exited and its pipes closed. */
  readonly exited: Promise<ProcessExit>;
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(command: string, args: string[]) {
    this.child = spawn(command, args, { cwd: ROOT, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8').on('data', (text: string) => (this.stdout += text));
    this.child.stderr.setEncoding('utf8').on('data', (text: string) => (this.stderr += text));
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      this.child.once('close', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Starts `node <script>`. */
  static node(script: string): RawStdioServer {
    return new RawStdioServer(process.execPath, [script]);
  }

  /** Writes raw text to stdin. */
  write(text: string): void {
    this.child.stdin.write(text);
  }

  /** Writes one message as a line. */
  send(message: unknown): void {
    this.write(`${JSON.stringify(message)}\n`);
  }

  /** Closes stdin (EOF). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** Sends a signal. */
  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Every stdout line parsed (throws if a line is not JSON: stdout must hold JSON-RPC only). */
  messages(): Array<Record<string, unknown>> {
    return this.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Waits for the response with this id. */
  response(id: string | number, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    return waitFor(() => this.messages().find((m) => m.id === id && !('method' in m)), {
      timeoutMs,
      description: `the response to request ${JSON.stringify(id)}`,
    });
  }

  /** Sends `initialize` + `notifications/initialized` and waits for the answer. */
  async initialize(): Promise<Record<string, unknown>> {
    this.send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw-e2e', version: '1.0.0' },
      },
    });
    // The first answer waits on the child's boot (Nest and the sample's modules): a minute, as a
    // loaded machine (CI's Node matrix beside the other lanes) stretched it past 10 s.
    const answer = await this.response('init', 60_000);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return answer;
  }

  /** Ends the process for cleanup (stdin EOF, then SIGKILL if needed). */
  async dispose(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.endInput();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
