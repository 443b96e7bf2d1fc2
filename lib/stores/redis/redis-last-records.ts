import type { SessionRecord } from '../session-store.interface.js';

/** Longest a session's last record lags behind its record (ms). */
const LAST_RECORD_DELAY_MS = 1000;

interface Pending {
  readonly record: SessionRecord;
  readonly text: string;
  readonly ttlMs: number;
}

/**
 * Writes the last records of the sessions (see `RedisSessionExpiry.keepLast`) behind the records,
 * coalesced: a session whose state is written many times within {@link LAST_RECORD_DELAY_MS} (or a
 * quarter of its idle timeout, if shorter) gets one write of its newest record. A state write is
 * then one Redis command (the record's `SET`), which keeps the instance's own write from being
 * reported back to it by client tracking (a script's writes are, on Redis 7.0). The last record
 * only serves the session-ended hook of a session whose record expired, minutes later; an instance
 * killed within that delay leaves the previous one. Instances flush on their own timers, so the
 * order across instances is settled in Redis: the newest state revision is kept
 * (`RedisSessionExpiry.keepLast`).
 */
export class RedisLastRecords {
  private readonly pending = new Map<string, Pending>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly write: (record: SessionRecord, text: string, ttlMs: number) => Promise<void>,
  ) {}

  /** Writes `record` as its session's last record within the delay (the newest one wins). */
  keep(record: SessionRecord, text: string, ttlMs: number): void {
    this.pending.set(record.id, { record, text, ttlMs });
    if (this.timer) return;
    const delay = Math.max(1, Math.min(LAST_RECORD_DELAY_MS, ttlMs / 4));
    this.timer = setTimeout(() => this.flush(), delay);
    this.timer.unref();
  }

  /** Drops what was to be written for session `id` (it ended). */
  cancel(id: string): void {
    this.pending.delete(id);
  }

  private flush(): void {
    this.timer = undefined;
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const { record, text, ttlMs } of due) {
      // A failure leaves the previous last record; the next state write tries again.
      this.write(record, text, ttlMs).catch(() => undefined);
    }
  }
}
