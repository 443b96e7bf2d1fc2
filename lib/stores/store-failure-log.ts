import { randomBytes } from 'node:crypto';
import {
  STORE_UNAVAILABLE_MESSAGE,
  StoreUnavailableError,
} from '../errors/store-unavailable.error.js';
import type { McpLogger } from '../engine/logger.interface.js';
import { RateLimitedLog } from '../engine/rate-limited-log.js';

/**
 * Logs the failed commands of a shared store (Redis, a SQL database) once per run: the first
 * failure after a success is logged with its reference and the driver's text (rate-limited per
 * kind of command, for sporadic failures), the failures that follow it are only counted, and the
 * first success after them logs how long the run lasted and how many failed. A store that is
 * down thus gives two lines per store, not one per request, heartbeat or stream message.
 */
export class StoreFailureLog {
  private readonly lines = new RateLimitedLog();
  private since: number | undefined;
  private more = 0;

  /**
   * @param store what the lines call the store (`'Redis'`, `'SQL task store'`)
   * @param description where it is (a URL without credentials, a database type)
   */
  constructor(
    private readonly store: string,
    private readonly description: string,
    private readonly logger: McpLogger | undefined,
  ) {}

  /** True from a failure until the next success. */
  get failing(): boolean {
    return this.since !== undefined;
  }

  /**
   * Runs a store call of kind `what`: a failure (give the call a `SharedDeadline` for a server
   * that may freeze) rejects with {@link unavailable}'s generic error, a success ends a run of
   * failures ({@link answered}).
   */
  async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (error) {
      throw this.unavailable(what, error);
    }
    this.answered();
    return result;
  }

  /**
   * The error a client gets for a failed `what`: a {@link StoreUnavailableError} with the generic
   * message and a fresh `data.ref`; the driver's text is logged under that ref (see {@link failed}).
   */
  unavailable(what: string, error: unknown): StoreUnavailableError {
    const ref = randomBytes(6).toString('hex');
    this.failed(what, ref, error);
    return new StoreUnavailableError(`${STORE_UNAVAILABLE_MESSAGE} (ref ${ref})`, {
      cause: error,
      data: { ref },
    });
  }

  /** A command of kind `what` failed with `error`; `ref` is the reference its caller was given. */
  failed(what: string, ref: string, error: unknown): void {
    if (this.since !== undefined) {
      this.more++;
      return;
    }
    this.since = Date.now();
    const logger = this.logger;
    if (!logger) return;
    this.lines.log(
      what,
      (line) => logger.warn(line),
      () =>
        `${this.store} ${what} failed [ref ${ref}]: ${describe(error)}; ` +
        `further failures are counted, not logged, until ${this.store} answers again`,
    );
  }

  /** A command succeeded: ends a run of failures (logged when more than one failed). */
  answered(): void {
    if (this.since === undefined) return;
    const seconds = ((Date.now() - this.since) / 1000).toFixed(1);
    const more = this.more;
    this.since = undefined;
    this.more = 0;
    if (more > 0) {
      this.logger?.warn(
        `${this.store} at ${this.description} answers again after ${seconds} s (${more} more failed command(s) meanwhile)`,
      );
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
