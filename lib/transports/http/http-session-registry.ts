import { randomUUID } from 'node:crypto';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import { HttpSessionChannel, type HttpSessionOwner } from './http-session-channel.js';
import { capacityRefusal } from '../shared/http/http-refusal.js';
import { CapacityError } from '../../errors/capacity.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import type { ResolvedStreamableHttpOptions } from './streamable-http.options.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import { IdleList, IdleNode } from '../../engine/idle-expiry.js';
import { McpError } from '../../errors/mcp.error.js';
import type { EndedSession, SessionRecord } from '../../stores/session-store.interface.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { ClusterPort } from '../server-port/cluster-port.interface.js';
import { applyRecord, recordOf } from './session-record.js';
import { storeRefusal } from './store-refusal.js';
import { SessionExpirySweep } from './session-expiry-sweep.js';
import { loadRecord, saveRecord } from './watched-record.js';
import { claimEnded, markEnded } from './lost-record.js';

/** A live session here: its channel, and its node in the idle expiry (one object per session). */
class Entry extends IdleNode<string> {
  /** When the store record's expiry was last extended (epoch ms). */
  lastTouch = 0;

  constructor(
    id: string,
    readonly channel: HttpSessionChannel,
  ) {
    super(id);
  }
}

/**
 * The live HTTP sessions of this process, with idle expiry. Records go to the SessionStore after
 * `initialize` (the answer waits for the write), so a session unknown here but known to the store
 * (another instance, or after a restart of this one) is rebuilt on demand: the session is a
 * cache, not a requirement.
 *
 * Instances sharing a bus (`server.cluster`): the stored record is the session's only truth.
 * Every request reads it (and extends its life) in one store call, unless the store's watch
 * vouches that it did not change since this copy read or wrote it: a missing record ends the
 * session (404 here, and a `session-ended` event drops the live copies elsewhere), a newer state
 * is loaded into the live copy. While the store cannot be reached, a live copy goes on serving
 * (an instance without one answers 503). A live copy idle here for `liveCopyIdleMs` is dropped (the
 * record stays), so an instance holds copies only of the sessions it served recently.
 */
export class HttpSessionRegistry implements HttpSessionOwner {
  private readonly entries = new Map<string, Entry>();
  /** Reports what the outgoing encode could not encode (one for every channel). */
  private readonly report: EncodeFailureReport;
  /** One timer for the idle expiry of every session here (not one per session). */
  private readonly expiry: IdleList<string>;
  /** Set when instances share the bus (and the session store): see the class comment. */
  private readonly cluster?: ClusterPort;
  /** Shared store with an expiry index: ends the sessions whose records expired (see find). */
  private readonly sweep?: SessionExpirySweep;

  constructor(
    private readonly server: McpServerPort,
    private readonly options: ResolvedStreamableHttpOptions,
    private readonly eventStore: EventStore,
    private readonly store: SessionStore,
  ) {
    this.report = reportEncodeFailure(server);
    // Redis came back (maybe empty): every session live here writes its record again.
    store.onRestored?.(() => {
      for (const { channel } of this.entries.values()) {
        if (channel.session.initialized && !channel.session.closed) this.restore(channel);
      }
    });
    this.cluster = server.cluster;
    this.expiry = this.cluster
      ? new IdleList(options.liveCopyIdleMs, (id) => this.evict(id))
      : new IdleList(options.sessionIdleTimeoutMs, (id) => {
          this.end(id, 'expired').catch(() => undefined);
        });
    const { claimExpired } = store;
    if (this.cluster && claimExpired) {
      this.sweep = new SessionExpirySweep(
        { claimExpired: () => claimExpired.call(store) },
        options.sessionExpirySweepMs,
        (ended) => this.expired(ended.id, ended),
      );
    }
  }

  /** Number of live sessions held by this process. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Creates a session with a fresh cryptographically random id; persisted once initialized.
   * @throws CapacityError when a session cap is reached or the server is draining.
   */
  create(admission: SessionAdmission = {}): HttpSessionChannel {
    const id = randomUUID();
    const channel = this.attach(id, admission);
    channel.principal = admission.principal;
    return channel;
  }

  /**
   * The session with this id, rebuilt from the store if needed (it counts against the session
   * caps then); undefined when unknown or ended. Instances sharing the store read the record on
   * every call (see the class comment).
   */
  async find(id: string): Promise<HttpSessionChannel | undefined> {
    const served = this.findLive(id);
    if (served) return served;
    const entry = this.entries.get(id);
    if (entry && this.store.failing) {
      // The store does not answer (frozen or down): the live copy serves without waiting for it.
      this.expiry.touch(entry);
      return entry.channel;
    }
    let record: SessionRecord | undefined;
    try {
      record = await this.load(id);
    } catch (refusal) {
      // The store cannot be reached (not a lost record): a live copy here goes on serving.
      const live = this.entries.get(id);
      if (!live) throw refusal;
      this.expiry.touch(live);
      return live.channel;
    }
    let ended: boolean | 'marked' = !record;
    if (!record && this.cluster) {
      ended = await markEnded(this.store, id);
      if (!ended) record = await this.load(id); // restored meanwhile by a live copy
    }
    if (!record) {
      if (this.cluster)
        this.expired(
          id,
          await claimEnded(this.store, id, ended === 'marked', () => this.entries.has(id)),
        );
      return undefined;
    }
    const current = this.entries.get(id);
    if (current) {
      this.renew(id, current);
      applyRecord(current.channel, record);
      return current.channel;
    }
    const channel = this.attach(id, { principal: record.principal });
    this.renew(id, this.entries.get(id)!, 0);
    const { session } = channel;
    session.protocol = record.protocol;
    session.initialized = true;
    channel.principal = record.principal;
    applyRecord(channel, record);
    return channel;
  }

  /**
   * {@link find} without waiting, where it needs no store: the live copy here when alone, or when
   * the store's watch vouches for it (its record unchanged since read here); else undefined.
   */
  findLive(id: string): HttpSessionChannel | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || (this.cluster && !this.store.watch?.trusted(id))) return undefined;
    this.touch(id, entry);
    return entry.channel;
  }

  private async load(id: string): Promise<SessionRecord | undefined> {
    try {
      if (!this.cluster) return await this.store.get(id);
      return await loadRecord(this.store, id, this.options.sessionIdleTimeoutMs);
    } catch (error) {
      throw storeRefusal(error);
    }
  }

  /**
   * A session whose record is gone ends: the claimer (`claimed`) runs its session-ended hook with
   * cause `'expired'` (on its live copy, or on one rebuilt from the last record), every instance
   * drops its copy. Unclaimed (claimed elsewhere), only a live copy here goes, without the hook.
   */
  private expired(id: string, claimed: EndedSession | undefined): void {
    const live = this.entries.get(id)?.channel.session;
    if (claimed) (live ?? this.rebuilt(claimed)).close('Session record expired', 'expired');
    else if (live) live.close('Session ended elsewhere', 'evicted');
    else return; // claimed elsewhere (or a forged id) and no copy here
    this.server.sharedSessions?.release(id);
    this.cluster?.sessionEnded(id);
  }

  /** A session of this id with what its last record holds, only for its session-ended hook. */
  private rebuilt({ id, record }: EndedSession): McpSessionPort {
    const session = this.server.createSession(id, 'streamable-http');
    session.initialized = true;
    if (record) {
      session.protocol = record.protocol;
      session.principal = record.principal;
      session.state.load(record.state);
    }
    return session;
  }

  /** Ends a session (DELETE or expiry): closes it here, forgets it in the store and elsewhere. */
  async end(id: string, cause: 'deleted' | 'expired' | 'closed' = 'closed'): Promise<void> {
    this.entries.get(id)?.channel.session.close('Session ended', cause);
    try {
      await this.store.delete(id);
    } catch (error) {
      throw storeRefusal(error);
    }
    this.server.sharedSessions?.release(id);
    this.cluster?.sessionEnded(id);
  }

  /** Drops an idle live copy (shared store); one still busy here stays until it is idle. */
  private evict(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (entry.channel.busy) this.expiry.touch(entry);
    else entry.channel.session.close('Live copy dropped (idle here)', 'evicted');
  }

  /** Closes every live session (shutdown); records stay in the store for other instances. */
  closeAll(): void {
    this.sweep?.stop();
    for (const entry of [...this.entries.values()])
      entry.channel.session.close('Server shutting down', 'shutdown');
    // The expiry's timer outlives its last session (see IdleList.delete): not a closed server's.
    this.expiry.clear();
  }

  private attach(id: string, admission: SessionAdmission): HttpSessionChannel {
    const session = this.server.createSession(id, 'streamable-http', admission);
    const channel = new HttpSessionChannel(
      session,
      this.options,
      this.eventStore,
      this.report,
      this.server.cluster,
      this,
    );
    const entry = new Entry(id, channel);
    this.expiry.touch(entry);
    entry.lastTouch = entry.touched;
    this.entries.set(id, entry);
    return channel;
  }

  /** {@inheritDoc HttpSessionOwner.notInitialized} */
  notInitialized(channel: HttpSessionChannel): void {
    // Nothing was stored for it (or the store is down): a failed cleanup is nobody's error.
    this.end(channel.session.id!).catch(() => undefined);
  }

  /** {@inheritDoc HttpSessionOwner.forget} */
  forget(channel: HttpSessionChannel): void {
    const id = channel.session.id!;
    const entry = this.entries.get(id);
    if (entry?.channel !== channel) return;
    this.server.sharedSessions?.forget(id);
    this.store.watch?.forget(id);
    this.expiry.delete(entry);
    this.entries.delete(id);
  }

  private touch(id: string, entry: Entry): void {
    this.expiry.touch(entry);
    const now = entry.touched;
    // Extend the stored record at most ten times per idle period, not on every request.
    if (now - entry.lastTouch > this.options.sessionIdleTimeoutMs / 10) {
      entry.lastTouch = now;
      this.server.sharedSessions?.renew(id, this.options.sessionIdleTimeoutMs);
      this.store.touch(id, this.options.sessionIdleTimeoutMs).catch(() => undefined);
    }
  }

  /** After a read (cluster): a watched one extends the life as {@link touch} (`lastTouch` 0: now). */
  private renew(id: string, entry: Entry, lastTouch = entry.lastTouch): void {
    if (this.store.watch?.trusted(id)) {
      entry.lastTouch = lastTouch;
      return this.touch(id, entry);
    }
    this.expiry.touch(entry);
    this.server.sharedSessions?.renew(id, this.options.sessionIdleTimeoutMs);
  }

  /**
   * Writes the session record after `initialize`; the answer waits for it. A store failure fails
   * `initialize`, answered 503 with `Retry-After` (see {@link HttpSessionChannel.initializeRefusal}).
   */
  async persistInitialized(channel: HttpSessionChannel): Promise<void> {
    try {
      // Alone (no shared caps, no expiry index): the record's write is the only step to wait for.
      if (this.server.sharedSessions) await this.admitShared(channel);
      await (this.cluster
        ? Promise.all([this.write(channel), this.track(channel)])
        : this.write(channel));
    } catch (error) {
      if (error instanceof CapacityError) {
        channel.initializeRefusal = capacityRefusal(error);
        throw error;
      }
      channel.initializeRefusal = storeRefusal(error);
      throw new McpError(ErrorCode.InternalError, 'Session store unavailable; retry later');
    }
  }

  /**
   * Counts a new session against the caps of the whole service (instances sharing counters), for
   * one idle period; renewed as requests come, released when the session ends.
   */
  private async admitShared(channel: HttpSessionChannel): Promise<void> {
    const { id, admission } = channel.session;
    if (!this.server.sharedSessions || id === undefined) return;
    await this.server.sharedSessions.admit(id, admission ?? {}, this.options.sessionIdleTimeoutMs);
  }

  /**
   * The store came back without its records: writes this live copy's record unless the key is
   * there (restored by another copy, or the session ended by another instance, which this copy
   * then learns on its next request). Stores without `restore` get the record written again.
   */
  private restore(channel: HttpSessionChannel): void {
    const { store } = this;
    if (!store.restore) return this.persist(channel);
    const { session } = channel;
    if (!session.id) return;
    const maxStateBytes = this.cluster ? this.options.maxSessionStateBytes : undefined;
    const ttlMs = this.options.sessionIdleTimeoutMs;
    void (async () => {
      if (await store.restore!(recordOf(channel, maxStateBytes), ttlMs)) await this.track(channel);
    })().catch((error: unknown) =>
      this.server.reportError(error, `Session ${session.id} could not be restored to the store`),
    );
  }

  /** Writes the session record; a store failure is reported, never thrown (the session goes on here). */
  persist(channel: HttpSessionChannel): void {
    const { session } = channel;
    if (!session.id) return;
    void this.write(channel).catch((error: unknown) =>
      this.server.reportError(
        error,
        `Session ${session.id} could not be saved to the session store`,
      ),
    );
  }

  /** {@inheritDoc HttpSessionOwner.saveState} (the state, subscriptions and log level) */
  async saveState(channel: HttpSessionChannel): Promise<void> {
    if (!this.cluster) {
      channel.session.state.changed = false;
      return;
    }
    try {
      await this.write(channel);
    } catch (error) {
      // Not stored: the next request reloads the stored state (the revision is forgotten).
      channel.session.stateRevision = -1;
      if (error instanceof McpError) throw error;
      throw new McpError(ErrorCode.InternalError, 'Session store unavailable; retry later');
    }
  }

  /** Lists an initialized (or restored) session in the store's expiry index (shared stores). */
  private async track(channel: HttpSessionChannel): Promise<void> {
    const { id } = channel.session;
    if (this.cluster && id !== undefined)
      await this.store.track?.(id, this.options.sessionIdleTimeoutMs);
  }

  private async write(channel: HttpSessionChannel): Promise<void> {
    const { session } = channel;
    const record = recordOf(channel, this.cluster ? this.options.maxSessionStateBytes : undefined);
    // A session whose state was never used has none to mark saved (none is made for it here).
    const state = session.stateIfAny;
    if (state) state.changed = false;
    const ttlMs = this.options.sessionIdleTimeoutMs;
    await saveRecord(this.store, record, ttlMs, this.cluster !== undefined);
    if (record.stateRevision !== undefined) {
      session.stateRevision = record.stateRevision;
      session.stateTag = record.stateTag;
    }
  }
}
