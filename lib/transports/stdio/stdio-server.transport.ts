import type { Readable, Writable } from 'node:stream';
import type { Subscription } from 'rxjs';
import { errorResponse, idOfInvalidMessage, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpError } from '../../errors/mcp.error.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import { RateLimitedLog } from '../../engine/rate-limited-log.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import { JsonLineReader } from './json-line-reader.js';
import { DEFAULT_MAX_BUFFERED_BYTES, JsonLineWriter } from './json-line-writer.js';
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';

/** Options of {@link StdioServerTransport}. */
export interface StdioServerTransportOptions {
  /**
   * Largest accepted incoming message (one line, bytes); a longer one gets `-32600` and is
   * dropped. Default 4 MiB.
   */
  maxMessageBytes?: number;
  /**
   * Deepest nesting of objects/arrays accepted in an incoming message (the message itself is
   * level 1); a deeper one gets `-32600` before any of it is processed. Default 64.
   */
  maxJsonDepth?: number;
  /**
   * Bound on outgoing bytes queued while the client does not read (default 16 MiB). Reading of
   * input pauses while the output is congested; past the bound the transport closes.
   */
  maxBufferedBytes?: number;
  /** Where bad input and I/O failures are reported (never stdout). Default: silent. */
  logger?: Pick<McpLogger, 'warn' | 'error'>;
}

/**
 * Why a {@link StdioServerTransport} stopped: the client closed stdin, a stream failed, the
 * output queue overflowed, the session was closed elsewhere, or {@link StdioServerTransport.close}.
 */
export type StdioCloseReason =
  'end-of-input' | 'input-error' | 'output-error' | 'session-closed' | 'closed';

const STDIO_EXTRA: MessageExtra = Object.freeze({ transport: Object.freeze({ kind: 'stdio' }) });

/**
 * Serves one MCP session over a pair of byte streams with newline-delimited JSON-RPC (the stdio
 * transport): usually `process.stdin`/`process.stdout`, any Readable/Writable in tests or for
 * sockets. Writes nothing but protocol messages. A bad line gets a JSON-RPC error response
 * (`-32700`, or `-32600` with the id when it can be read) and the loop keeps serving. Framework
 * free; `McpStdio.run()` wraps it for Nest apps.
 * @example
 * ```ts
 * const transport = new StdioServerTransport(server.createSession(undefined, 'stdio'), process.stdin, process.stdout);
 * transport.start();
 * await transport.closed; // stdin ended
 * ```
 */
export class StdioServerTransport {
  /** Resolves with the reason once the transport stopped (the session is closed by then). */
  readonly closed: Promise<StdioCloseReason>;
  private readonly reader: JsonLineReader;
  private readonly writer: JsonLineWriter;
  private readonly logger?: Pick<McpLogger, 'warn' | 'error'>;
  private readonly rejections = new RateLimitedLog();
  private subscription?: Subscription;
  private resolveClosed!: (reason: StdioCloseReason) => void;
  private stopped = false;
  private started = false;

  constructor(
    /** The session this transport serves (one stdio process, one session). */
    readonly session: McpSessionPort,
    input: Readable,
    output: Writable,
    options: StdioServerTransportOptions = {},
  ) {
    this.logger = options.logger;
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    this.writer = new JsonLineWriter(
      output,
      {
        // Backpressure: stop taking requests while the client is not reading our answers.
        congestion: (congested) => (congested ? this.reader.pause() : this.reader.resume()),
        failed: (error) => {
          this.logger?.error(`stdout failed: ${error.message}`);
          this.stop('output-error');
        },
      },
      options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES,
    );
    this.reader = new JsonLineReader(
      input,
      {
        message: (message) => this.session.receive(message, STDIO_EXTRA),
        invalid: (error) => this.rejectLine(error),
        end: (error) => {
          if (error) this.logger?.error(`stdin failed: ${error.message}`);
          this.stop(error ? 'input-error' : 'end-of-input');
        },
      },
      options.maxMessageBytes ?? DEFAULT_MAX_LINE_BYTES,
      options.maxJsonDepth,
    );
  }

  /** Starts serving: reads input and writes what the session sends. Idempotent. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.subscription = this.session.outbound$.subscribe({
      next: ({ message }) => this.send(message),
      complete: () => this.stop('session-closed'),
    });
    this.reader.start();
  }

  /**
   * Stops serving: no more input is read, the session closes (aborting running handlers), and
   * what was already queued for output is flushed. Resolves once flushed; bound the wait yourself
   * if the client may have stopped reading.
   */
  async close(reason: StdioCloseReason = 'closed'): Promise<void> {
    this.stop(reason);
    await this.writer.flush();
  }

  private send(message: JsonRpcMessage): void {
    const line = encodeMessage(message, this.reportEncodeFailure);
    if (line !== undefined) this.writer.writeLine(line);
  }

  private readonly reportEncodeFailure: EncodeFailureReport = (error) =>
    this.logger?.error(`Cannot encode an outgoing message: ${(error as Error).message}`);

  private rejectLine(error: McpError): void {
    const logger = this.logger;
    // Client input: rate-limited, so a client writing garbage cannot flood stderr.
    if (logger)
      this.rejections.log(
        'rejected line',
        (line) => logger.warn(line),
        () => `Rejected an input line: ${error.message}`,
      );
    const response = errorResponse(idOfInvalidMessage(error), {
      code: error.code,
      message: error.message,
    });
    this.writer.writeLine(JSON.stringify(response));
  }

  private stop(reason: StdioCloseReason): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reader.stop();
    this.session.close(`stdio transport closed (${reason})`, 'disconnected');
    this.subscription?.unsubscribe();
    this.resolveClosed(reason);
  }
}
