import { randomUUID } from 'node:crypto';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import { HttpSessionChannel, type HttpSessionOwner } from './http-session-channel.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import type { ResolvedStreamableHttpOptions } from './streamable-http.options.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import { IdleExpiry } from '../../engine/idle-expiry.js';

interface Entry {
  channel: HttpSessionChannel;
  /** When the store record's expiry was last extended (epoch ms). */
  lastTouch: number;
}

/**
 * The live HTTP sessions of this process, with idle expiry. Records go to the SessionStore after
 * `initialize`, so a session unknown here but known to the store (another instance, or after a
 * restart of this one) is rebuilt on demand: the session is a cache, not a requirement.
 */
export class HttpSessionRegistry implements HttpSessionOwner {
  private readonly entries = new Map<string, Entry>();
  /** Reports what the outgoing encode could not encode (one for every channel). */
  private readonly report: EncodeFailureReport;
  /** One timer for the idle expiry of every session here (not one per session). */
  private readonly expiry: IdleExpiry<string>;

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
        if (channel.session.initialized) this.persist(channel);
      }
    });
    this.expiry = new IdleExpiry(options.sessionIdleTimeoutMs, (id) => {
      this.end(id, 'expired').catch(() => undefined);
    });
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
   * caps then); undefined when unknown or ended.
   */
  async find(id: string): Promise<HttpSessionChannel | undefined> {
    const entry = this.entries.get(id);
    if (entry) {
      this.touch(id, entry);
      return entry.channel;
    }
    let record;
    try {
      record = await this.store.get(id);
    } catch (error) {
      throw storeRefusal(error);
    }
    if (!record || this.entries.has(id)) return this.entries.get(id)?.channel;
    const channel = this.attach(id, { principal: record.principal });
    const { session } = channel;
    session.protocol = record.protocol;
    session.initialized = true;
    channel.principal = record.principal;
    for (const uri of record.subscriptions) session.subscriptions.add(uri);
    return channel;
  }

  /** Ends a session (DELETE or expiry): closes it here and forgets it in the store. */
  async end(id: string, cause: 'deleted' | 'expired' | 'closed' = 'closed'): Promise<void> {
    this.entries.get(id)?.channel.session.close('Session ended', cause);
    try {
      await this.store.delete(id);
    } catch (error) {
      throw storeRefusal(error);
    }
  }

  /** Closes every live session (shutdown); records stay in the store for other instances. */
  closeAll(): void {
    for (const entry of [...this.entries.values()])
      entry.channel.session.close('Server shutting down', 'shutdown');
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
    this.expiry.touch(id);
    this.entries.set(id, { channel, lastTouch: Date.now() });
    return channel;
  }

  /** {@inheritDoc HttpSessionOwner.forget} */
  forget(channel: HttpSessionChannel): void {
    const id = channel.session.id!;
    this.expiry.delete(id);
    if (this.entries.get(id)?.channel === channel) this.entries.delete(id);
  }

  private touch(id: string, entry: Entry): void {
    this.expiry.touch(id);
    const now = Date.now();
    // Extend the stored record at most ten times per idle period, not on every request.
    if (now - entry.lastTouch > this.options.sessionIdleTimeoutMs / 10) {
      entry.lastTouch = now;
      this.store.touch(id, this.options.sessionIdleTimeoutMs).catch(() => undefined);
    }
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

  private async write(channel: HttpSessionChannel): Promise<void> {
    const { session } = channel;
    await this.store.set(
      {
        id: session.id!,
        protocol: session.protocol,
        subscriptions: [...session.subscriptions],
        principal: channel.principal,
        createdAt: Date.now(),
      },
      this.options.sessionIdleTimeoutMs,
    );
  }
}

/** A session store failure as the HTTP answer: 503 with the store's message, retry later. */
function storeRefusal(error: unknown): HttpRefusal {
  const message = error instanceof Error ? error.message : String(error);
  return new HttpRefusal(
    503,
    ErrorCode.InternalError,
    `Session store unavailable: ${message}`,
    null,
    {
      'retry-after': '1',
    },
  );
}
