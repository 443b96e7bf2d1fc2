import type { McpLogger } from '../../engine/logger.interface.js';
import { RateLimitedLog } from '../../engine/rate-limited-log.js';

/**
 * Logs failed Redis commands once per run: the first failure after a success is logged with its
 * reference and the driver's text (rate-limited per kind of command, for sporadic failures), the
 * failures that follow it are only counted, and the first success after them logs how long the
 * run lasted and how many failed. A frozen Redis thus gives two lines per instance, not one per
 * request, heartbeat or stream message.
 */
export class RedisFailureLog {
  private readonly lines = new RateLimitedLog();
  private since: number | undefined;
  private more = 0;

  constructor(
    private readonly description: string,
    private readonly logger: McpLogger | undefined,
  ) {}

  /** True from a failure until the next success. */
  get failing(): boolean {
    return this.since !== undefined;
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
        `Redis ${what} failed [ref ${ref}]: ${describe(error)}; ` +
        'further failures are counted, not logged, until Redis answers again',
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
        `Redis at ${this.description} answers again after ${seconds} s (${more} more failed command(s) meanwhile)`,
      );
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
