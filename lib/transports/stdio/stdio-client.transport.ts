import { encodeForSending } from '../shared/encode-outgoing.js';
import { Subject, type Observable } from 'rxjs';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpError } from '../../errors/mcp.error.js';
import { JsonLineReader } from './json-line-reader.js';
import { DEFAULT_MAX_BUFFERED_BYTES, JsonLineWriter } from './json-line-writer.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';
import { describeCommand, ServerProcess, type StdioExit } from './server-process.js';
import { StderrCollector } from './stderr-collector.js';
import type { StdioClientTransportOptions } from './stdio-client.options.js';

export type { StdioExit } from './server-process.js';

type State = 'idle' | 'starting' | 'running' | 'closing' | 'exited';

/**
 * Client side of the stdio transport: launches an MCP server as a child process and exchanges
 * newline-delimited JSON-RPC over its stdin/stdout.
 * - A garbage line from the server goes to `errors$`; reading goes on.
 * - The server's stderr is surfaced as `stderr$` lines (never treated as an error).
 * - When the server exits on its own, `closeError` is a `TransportError('exited', code)`,
 *   also emitted on `errors$`, and `messages$` completes.
 * - `close()` follows the spec's shutdown: end stdin, wait, SIGTERM, wait, SIGKILL; no process,
 *   timer or pipe is left behind.
 * @example
 * ```ts
 * const client = new McpClient({ transport: new StdioClientTransport({ command: 'node', args: ['server.js'] }) });
 * await client.connect();
 * ```
 */
export class StdioClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private readonly stderr: StderrCollector;
  private state: State = 'idle';
  private process?: ServerProcess;
  private writer?: JsonLineWriter;
  private starting?: Promise<void>;
  private stopping?: Promise<void>;
  private _closeError?: TransportError;

  /** {@inheritDoc ClientTransport.messages$} */
  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  /** {@inheritDoc ClientTransport.errors$} */
  readonly errors$: Observable<Error> = this.errors.asObservable();
  /** The server's stderr, line by line; late subscribers get the last 50 lines first. */
  readonly stderr$: Observable<string>;

  constructor(readonly options: StdioClientTransportOptions) {
    this.stderr = new StderrCollector(Math.min(options.maxMessageBytes ?? 64 * 1024, 64 * 1024));
    this.stderr$ = this.stderr.lines$;
  }

  /** Process id of the server (after `start()`). */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** How the server exited; undefined while it runs. */
  get exit(): StdioExit | undefined {
    return this.process?.exit;
  }

  /** Set when the server exited without `close()` being called; pending calls fail with it. */
  get closeError(): TransportError | undefined {
    return this._closeError;
  }

  /** Launches the server. @throws TransportError `'refused'` naming the command when it cannot start. */
  start(): Promise<void> {
    if (this.state !== 'idle') {
      return Promise.reject(
        new TransportError('A StdioClientTransport starts only once', 'closed'),
      );
    }
    this.state = 'starting';
    return (this.starting = this.launch());
  }

  /** Writes one message line to the server's stdin; resolves once handed to the OS. */
  send(message: JsonRpcMessage): Promise<void> {
    const writer = this.writer;
    if (this.state !== 'running' || !writer) return Promise.reject(this.notRunning());
    let line: string;
    try {
      line = encodeForSending(message);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) =>
      writer.writeLine(line, (error) => {
        if (error) void this.failureOf(error).then(reject);
        else resolve();
      }),
    );
  }

  /** Shuts the server down (stdin EOF, then SIGTERM, then SIGKILL) and waits for it to exit. */
  async close(): Promise<void> {
    await this.starting?.catch(() => undefined);
    if (this.state === 'idle') {
      this.state = 'exited';
      this.complete();
      return;
    }
    if (this.state === 'running') this.state = 'closing';
    await (this.stopping ??= this.process?.stop(() => this.writer?.end()));
  }

  private async launch(): Promise<void> {
    try {
      this.process = await ServerProcess.spawn(this.options);
    } catch (error) {
      this.state = 'exited';
      this.complete();
      throw error;
    }
    this.attach(this.process);
  }

  private attach(server: ServerProcess): void {
    server.onError((error) =>
      this.errors.next(new TransportError(`MCP server process: ${error.message}`, 'closed')),
    );
    this.writer = new JsonLineWriter(
      server.stdin,
      {
        // Usually the server died (EPIPE): its exit, reported once known, says more.
        failed: (error) =>
          void this.failureOf(error).then((failure) => {
            if (this.state === 'running') this.errors.next(failure);
          }),
      },
      this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    );
    new JsonLineReader(
      server.stdout,
      {
        message: (message) => this.messages.next(message),
        invalid: (error) => this.errors.next(invalidLine(error)),
        end: () => undefined,
      },
      this.options.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES,
    ).start();
    if (server.stderr) this.stderr.attach(server.stderr);
    this.state = 'running';
    void server.ended.then((exit) => this.onEnded(exit));
  }

  /** The process is gone and its pipes are closed: everything it wrote has been read. */
  private onEnded(exit: StdioExit): void {
    const unexpected = this.state === 'running';
    this.state = 'exited';
    this.writer?.detach();
    if (unexpected) {
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
      const tail = this.stderr.tail();
      this._closeError = new TransportError(
        `The MCP server \`${describeCommand(this.options.command, this.options.args)}\` ${how}` +
          (tail ? `; last stderr lines: ${tail}` : ''),
        'exited',
        exit.code ?? undefined,
      );
      this.errors.next(this._closeError);
    }
    this.complete();
  }

  private complete(): void {
    this.messages.complete();
    this.errors.complete();
    this.stderr.complete();
  }

  /** The error of a failed write: waits (bounded) for a dying server's exit to name it. */
  private async failureOf(cause: Error): Promise<TransportError> {
    if (this.state === 'running' || this.state === 'closing') await this.process?.waitForEnd();
    return this.notRunning(cause);
  }

  private notRunning(cause?: Error): TransportError {
    if (this._closeError) return this._closeError;
    const exit = this.process?.exit;
    if (exit || this.state === 'exited') {
      const code = exit?.code ?? undefined;
      return new TransportError('The MCP server process has exited', 'exited', code, { cause });
    }
    if (this.state === 'idle' || this.state === 'starting') {
      return new TransportError('The stdio transport is not started', 'closed');
    }
    const why = this.state === 'closing' ? 'the transport is closing' : cause?.message;
    return new TransportError(`Cannot write to the MCP server: ${why}`, 'closed', undefined, {
      cause,
    });
  }
}

function invalidLine(error: McpError): TransportError {
  return new TransportError(
    `Invalid line from the MCP server: ${error.message}`,
    'protocol',
    undefined,
    {
      cause: error,
    },
  );
}
