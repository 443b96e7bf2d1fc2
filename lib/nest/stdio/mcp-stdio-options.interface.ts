import type { INestApplicationContext, LoggerService, LogLevel } from '@nestjs/common';
import type { NestFactory } from '@nestjs/core';
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '../../server/mcp-server.js';
import type {
  StdioCloseReason,
  StdioServerTransport,
} from '../../transports/stdio/stdio-server.transport.js';

/** Options of `NestFactory.createApplicationContext()`. */
type NestApplicationContextOptions = NonNullable<
  Parameters<typeof NestFactory.createApplicationContext>[1]
>;

/** Options of `McpStdio.run()`. Every one has a default suited to a desktop MCP client. */
export interface McpStdioOptions {
  /**
   * The Nest logger. Default: a `StderrLogger` (Nest's console logger on stderr). A `LogLevel[]`
   * keeps the stderr logger with those levels; `false` turns logging off. A logger of your own
   * must not write to stdout (with `guardStdout` on, `process.stdout` writes are redirected anyway).
   */
  logger?: LoggerService | LogLevel[] | false;
  /** Other options of `NestFactory.createApplicationContext()` (`abortOnError` is always false). */
  appOptions?: Omit<NestApplicationContextOptions, 'logger' | 'abortOnError'>;
  /**
   * While serving on `process.stdout`, send `console.log`/`info`/`debug` and any other
   * `process.stdout.write` to stderr, so stray output cannot corrupt the protocol stream.
   * Default `true`. Has no effect when `output` is another stream.
   */
  guardStdout?: boolean;
  /** Largest accepted incoming message (one line, bytes). Default 4 MiB. */
  maxMessageBytes?: number;
  /** Deepest nesting accepted in an incoming message (`-32600` beyond). Default 64. */
  maxJsonDepth?: number;
  /** Bound on outgoing bytes queued while the client does not read. Default 16 MiB. */
  maxBufferedBytes?: number;
  /** Signals that shut the server down. Default `['SIGTERM', 'SIGINT']`; `[]` installs none. */
  signals?: NodeJS.Signals[];
  /**
   * Call `process.exit()` once shut down: 0 after a clean shutdown (stdin EOF, signal, `close()`),
   * 1 when the shutdown timed out. Default `true` (nothing else keeps the process alive then).
   */
  exitOnClose?: boolean;
  /** Bound on the shutdown (drain + flush + `app.close()`), in ms. Default `drainTimeoutMs` + 5000. */
  shutdownTimeoutMs?: number;
  /** Input stream. Default `process.stdin`. */
  input?: Readable;
  /** Output stream. Default `process.stdout`. */
  output?: Writable;
}

/** A running stdio MCP server, as `McpStdio.run()` returns it. */
export interface McpStdioServer {
  /** The Nest application context (no HTTP server). */
  readonly app: INestApplicationContext;
  /** The protocol server of the app. */
  readonly server: McpServer;
  /** The stdio transport serving the one session. */
  readonly transport: StdioServerTransport;
  /** Resolves once shut down, with what started the shutdown. */
  readonly closed: Promise<StdioCloseReason | NodeJS.Signals>;
  /**
   * Shuts down: drains (see `drainTimeoutMs`), closes the session, flushes stdout, closes the app
   * (then exits, see `exitOnClose`).
   */
  close(): Promise<void>;
}
