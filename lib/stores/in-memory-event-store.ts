import type { EventStore } from './event-store.interface.js';

/** Options of {@link InMemoryEventStore}. */
export interface InMemoryEventStoreOptions {
  /** Events kept per stream (default 1000); the oldest are dropped beyond it. */
  maxEventsPerStream?: number;
  /**
   * A stream expires this many ms after its last write (default 5 minutes). Expired streams are unknown to
   * `replayEventsAfter` at once, and are freed lazily on writes and by an unref'd sweep timer.
   * `Infinity` disables expiry.
   */
  ttlMs?: number;
}

/** Default of {@link InMemoryEventStoreOptions.maxEventsPerStream}. */
export const DEFAULT_MAX_EVENTS_PER_STREAM = 1000;

/** Default of {@link InMemoryEventStoreOptions.ttlMs} (5 minutes). */
export const DEFAULT_EVENT_TTL_MS = 5 * 60_000;

/** The sweep timer runs every `min(ttlMs, 60 s)`. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
const SEQ = /^[1-9][0-9]*$/;

interface StoredEvent {
  readonly seq: number;
  readonly message: unknown;
}

interface StreamLog {
  /** Events in increasing `seq` order; entries before `head` were dropped and await compaction. */
  events: StoredEvent[];
  head: number;
  lastWriteAt: number;
}

/**
 * Process-local {@link EventStore} for a single server instance (use a shared store when several instances serve
 * the same sessions).
 *
 * Event id format: `${streamId}_${seq}`. `seq` is a decimal integer taken from one counter for the whole store, so
 * ids are unique and increase in storage order, even across streams and when a stream id is reused. The stream id
 * is everything before the last `_`, so stream ids may themselves contain `_`. Ids are as unguessable as the
 * stream ids the caller chooses (see {@link EventStore}).
 *
 * Appending is amortised O(1); replay binary-searches the sequence number and walks the rest of the stream.
 * Messages are stored by reference: do not mutate them after storing.
 */
export class InMemoryEventStore implements EventStore {
  /** Map order is last-write order (a written stream is re-inserted), so expired streams sit at the front. */
  private readonly streams = new Map<string, StreamLog>();
  private lastSeq = 0;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly maxEventsPerStream: number;
  private readonly ttlMs: number;

  /** @throws RangeError for a `maxEventsPerStream` that is not a positive integer or a `ttlMs` that is not > 0. */
  constructor(options: InMemoryEventStoreOptions = {}) {
    this.maxEventsPerStream = options.maxEventsPerStream ?? DEFAULT_MAX_EVENTS_PER_STREAM;
    this.ttlMs = options.ttlMs ?? DEFAULT_EVENT_TTL_MS;
    if (!Number.isSafeInteger(this.maxEventsPerStream) || this.maxEventsPerStream < 1) {
      throw new RangeError('maxEventsPerStream must be a positive integer');
    }
    if (!(this.ttlMs > 0)) throw new RangeError('ttlMs must be > 0');
  }

  /** Number of streams currently held (expired streams count until they are swept). */
  get streamCount(): number {
    return this.streams.size;
  }

  /**
   * {@inheritDoc EventStore.storeEvent}
   * Rejects with a TypeError when `streamId` is empty or not visible ASCII (0x21–0x7E).
   */
  async storeEvent(streamId: string, message: unknown): Promise<string> {
    if (!VISIBLE_ASCII.test(streamId)) {
      throw new TypeError('streamId must be a non-empty string of visible ASCII characters');
    }
    const now = Date.now();
    this.sweep(now);
    let log = this.streams.get(streamId);
    if (log === undefined) {
      log = { events: [], head: 0, lastWriteAt: now };
    } else {
      this.streams.delete(streamId);
    }
    log.lastWriteAt = now;
    this.streams.set(streamId, log);

    const seq = ++this.lastSeq;
    log.events.push({ seq, message });
    if (log.events.length - log.head > this.maxEventsPerStream) {
      log.head++;
      // Compact once as many entries were dropped as are kept: amortised O(1) per append.
      if (log.head >= this.maxEventsPerStream) {
        log.events = log.events.slice(log.head);
        log.head = 0;
      }
    }
    this.ensureSweepTimer();
    return `${streamId}_${seq}`;
  }

  /**
   * {@inheritDoc EventStore.replayEventsAfter}
   * Events stored on the stream while the replay runs are replayed too (it continues until it has caught up), so
   * the caller should route live messages to the new connection only once the promise resolves. When
   * `maxEventsPerStream` dropped events after `lastEventId`, the retained ones are replayed (best effort).
   */
  async replayEventsAfter(
    lastEventId: string,
    send: (eventId: string, message: unknown) => void | Promise<void>,
  ): Promise<string | undefined> {
    const parsed = parseEventId(lastEventId);
    if (parsed === undefined || parsed.seq > this.lastSeq) return undefined;
    const { streamId } = parsed;
    const log = this.streams.get(streamId);
    if (log === undefined) return undefined;
    if (this.isExpired(log, Date.now())) {
      this.streams.delete(streamId);
      this.stopSweepTimerIfIdle();
      return undefined;
    }
    let after = parsed.seq;
    // Stop if the stream is deleted (or replaced) while `send` is pending.
    while (this.streams.get(streamId) === log) {
      const next = log.events[firstIndexAfter(log, after)];
      if (next === undefined) break;
      await send(`${streamId}_${next.seq}`, next.message);
      after = next.seq;
    }
    return streamId;
  }

  /** {@inheritDoc EventStore.deleteStream} Unknown stream ids are ignored. */
  async deleteStream(streamId: string): Promise<void> {
    this.streams.delete(streamId);
    this.stopSweepTimerIfIdle();
  }

  /** Drops every stream and stops the sweep timer. The store stays usable; a later write restarts the timer. */
  dispose(): void {
    this.streams.clear();
    this.stopSweepTimerIfIdle();
  }

  private isExpired(log: StreamLog, now: number): boolean {
    return now - log.lastWriteAt >= this.ttlMs;
  }

  /** Frees expired streams from the front of the map (least recently written first). */
  private sweep(now: number): void {
    for (const [streamId, log] of this.streams) {
      if (!this.isExpired(log, now)) break;
      this.streams.delete(streamId);
    }
    this.stopSweepTimerIfIdle();
  }

  private ensureSweepTimer(): void {
    if (this.sweepTimer !== undefined || !Number.isFinite(this.ttlMs)) return;
    this.sweepTimer = setInterval(
      () => this.sweep(Date.now()),
      Math.min(this.ttlMs, MAX_SWEEP_INTERVAL_MS),
    );
    this.sweepTimer.unref();
  }

  private stopSweepTimerIfIdle(): void {
    if (this.streams.size > 0 || this.sweepTimer === undefined) return;
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }
}

/** Splits `${streamId}_${seq}` at its last `_`; undefined when malformed. */
function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  const cut = eventId.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const digits = eventId.slice(cut + 1);
  if (!SEQ.test(digits)) return undefined;
  const seq = Number(digits);
  return Number.isSafeInteger(seq) ? { streamId: eventId.slice(0, cut), seq } : undefined;
}

/** Index of the first retained event with `seq > after` (`events.length` when there is none). */
function firstIndexAfter(log: StreamLog, after: number): number {
  let lo = log.head;
  let hi = log.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log.events[mid].seq > after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
