import type { ProtocolContext } from '../protocol/protocol-context.interface.js';

/** What survives of a session outside the process that created it. */
export interface SessionRecord {
  id: string;
  protocol: ProtocolContext;
  /** URIs subscribed with `resources/subscribe`. */
  subscriptions: string[];
  /** The principal that initialized the session (only it may use the session). */
  principal?: string;
  createdAt: number;
  /** `ctx.session.state` as JSON-ready entries (instances sharing the store). */
  state?: Record<string, unknown>;
  /** Counts the writes of {@link state} (a live copy reloads it when the record's is newer). */
  stateRevision?: number;
  /** Names the write of {@link state} (two instances writing the same revision differ here). */
  stateTag?: string;
  /**
   * Legacy HTTP+SSE sessions only: the instance holding the session's stream, to which other
   * instances route the client's `POST /messages` (see the MessageBus `client-message` event).
   */
  owner?: string;
}

/** A session whose record is gone, claimed by one instance to run its session-ended hook. */
export interface EndedSession {
  readonly id: string;
  /** The last record written of it, when the store still had it. */
  readonly record?: SessionRecord;
}

/**
 * Tells when stored session records change (Redis client-side caching), so instances sharing the
 * store trust a live copy between changes instead of reading its record on every request. A read
 * or write is wrapped in {@link begin} / {@link commit}; the copy is then {@link trusted} until the
 * record changes elsewhere, expires, or the watch loses track (every copy's trust dropped).
 */
export interface SessionRecordWatch {
  /** Before a read or write of record `id`: a token, or undefined while changes are not watched. */
  begin(id: string): number | undefined;
  /**
   * After the read or write of `token` succeeded: trusts the copy from now on; false (not
   * trusted) when the record changed or the watch lost track meanwhile.
   */
  commit(id: string, token: number): boolean;
  /** True while no change of record `id` was seen since its last {@link commit}. */
  trusted(id: string): boolean;
  /** Stops trusting the copy of `id` (it went, or its write failed). */
  forget(id: string): void;
}

/**
 * Persistence seam for HTTP sessions. The live conversation (open streams, pending requests) stays
 * in the process; the record lets another instance (or this one after eviction) serve the session.
 * Every method is async so that a Redis implementation can slot in.
 */
export interface SessionStore {
  get(id: string): Promise<SessionRecord | undefined>;
  /** Stores or replaces a record; it expires after `ttlMs` without `touch`. */
  set(record: SessionRecord, ttlMs: number): Promise<void>;
  /** Extends the record's life; false when it no longer exists. */
  touch(id: string, ttlMs: number): Promise<boolean>;
  /**
   * Optional: reads the record and extends its life in one step (one round trip); what instances
   * sharing the store call on every request of a session. Without it: `get`, then `touch`.
   */
  load?(id: string, ttlMs: number): Promise<SessionRecord | undefined>;
  /**
   * Optional, for stores shared by instances: reports record changes (see
   * {@link SessionRecordWatch}). While a copy is trusted, a request neither reads its record nor
   * extends its life (the life is extended with `touch`, at most ten times per idle period).
   */
  readonly watch?: SessionRecordWatch | undefined;
  delete(id: string): Promise<void>;
  /**
   * Optional health probe: resolves when the backing service answers (e.g. a Redis `PING`).
   * `McpHealthIndicator` calls it; without it the store is reported as not checked.
   */
  ping?(): Promise<void>;
  /**
   * Optional: true while the backing service does not answer (its last command failed and none
   * succeeded since). Instances sharing the store then serve a session they hold live without
   * reading its record first, instead of waiting for the read to time out on every request.
   */
  readonly failing?: boolean;
  /**
   * Optional: calls `listener` each time the backing service is reachable again after an outage
   * (its records may be gone: a Redis restarted empty), so the holders of live sessions write
   * their records again. Returns the unsubscribe function.
   */
  onRestored?(listener: () => void): () => void;
  /**
   * Optional, for stores shared by instances: writes the record only if its key is absent (a
   * live copy restoring it after the store lost it); false when a record or an end mark is there.
   * With {@link markEnded} it lets the store arbitrate a lost record: whichever of the two lands
   * first decides, for every instance.
   */
  restore?(record: SessionRecord, ttlMs: number): Promise<boolean>;
  /**
   * Optional, with {@link restore}: the record is missing, so this instance ends the session by
   * putting an end mark in its place (kept `ttlMs`; reads return undefined for it). Truthy when the
   * session is ended: `'marked'` when this call set the mark, `true` when it was there already;
   * false when a record was restored meanwhile and the session goes on.
   */
  markEnded?(id: string, ttlMs: number): Promise<boolean | 'marked'>;
  /**
   * Optional, for stores shared by instances whose records expire on their own (Redis): lists a
   * session in the store's expiry index after it initialized (or was restored), so that
   * {@link claimExpired} finds it once its record expired.
   */
  track?(id: string, ttlMs: number): Promise<void>;
  /**
   * Optional, with {@link track}: the listed sessions whose records expired, each returned to ONE
   * caller in the whole service (an atomic claim), with its last record, for the session-ended
   * hook. Instances call it periodically; it removes what it returns from the index.
   */
  claimExpired?(): Promise<EndedSession[]>;
  /**
   * Optional, with {@link track}: a request found the session's record gone; claims it like
   * {@link claimExpired} does. Undefined when it was claimed already (or never listed).
   */
  claimEnded?(id: string): Promise<EndedSession | undefined>;
}
