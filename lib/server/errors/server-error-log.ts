import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import { RateLimitedLog, type RateLimit } from '../../engine/rate-limited-log.js';
import { OnceLog } from '../../engine/once-log.js';

/** How loud a client-triggered error is logged: bad input at debug, refusals at warn. */
export type ClientErrorLevel = 'debug' | 'warn';

/**
 * The server's error log, one per server:
 * - client errors (bad input, unknown sessions, refusals, parse errors, capability refusals) go
 *   to `debug` or `warn` without a stack, rate-limited per category ({@link RateLimitedLog});
 * - refusals a deployment must fix (a `Host` the server does not accept) go to `warn` once per
 *   refused value ({@link OnceLog}, first 100 values per category);
 * - server faults (a handler threw something that is not an `McpError`) go to `error` with the
 *   stack and a fresh correlation id, and {@link fault} returns the `-32603` the client gets:
 *   `Internal error` with `data: { correlationId }` (the error's own message instead with
 *   `exposeErrors`, for development).
 */
export class ServerErrorLog {
  private readonly limiter: RateLimitedLog;
  private readonly onceLogs = new Map<string, OnceLog>();

  constructor(
    private readonly logger: McpLogger | undefined,
    /** Send a fault's own message to the client (option `exposeErrors`, default false). */
    readonly exposeErrors = false,
    limit?: RateLimit,
  ) {
    this.limiter = new RateLimitedLog(limit);
  }

  /** Logs a client-triggered error: no stack, at most the category's budget per interval. */
  client(category: string, message: () => string, level: ClientErrorLevel = 'debug'): void {
    const logger = this.logger;
    if (!logger) return;
    const sink =
      level === 'warn'
        ? (line: string) => logger.warn(line)
        : logger.debug && ((line: string) => logger.debug?.(line));
    if (sink) this.limiter.log(category, sink, message);
  }

  /**
   * Logs a client-triggered refusal at `warn` once per `key` (client text, bounded per `category`,
   * a fixed name): the operator sees each refused value once, with the option that allows it.
   */
  clientOnce(category: string, key: string, message: () => string): void {
    const logger = this.logger;
    if (!logger) return;
    let once = this.onceLogs.get(category);
    if (!once) this.onceLogs.set(category, (once = new OnceLog(category)));
    once.log(key, (line) => logger.warn(line), message);
  }

  /**
   * Logs a server fault at `error` with its stack under a new correlation id and returns the
   * error the client gets for it.
   */
  fault(error: unknown, context: string): McpError {
    const err = error instanceof Error ? error : new Error(String(error));
    const correlationId = randomUUID();
    this.logger?.error(`${context} [correlationId ${correlationId}]: ${err.message}`, err.stack);
    const message = this.exposeErrors ? err.message || err.name : 'Internal error';
    return new McpError(ErrorCode.InternalError, message, { correlationId });
  }
}
