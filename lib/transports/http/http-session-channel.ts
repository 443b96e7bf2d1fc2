import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { JsonRpcMessage, RequestId } from '../../protocol/json-rpc.js';
import { isVersionAtLeast } from '../../protocol/versions.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { McpSessionSink, OutboundMessage } from '../../engine/session-message.interface.js';
import { isSharedEventStore, type EventStore } from '../../stores/event-store.interface.js';
import type { ClusterPort } from '../server-port/cluster-port.interface.js';
import { followRemoteStream } from './follow-remote-stream.js';
import { SessionLog } from './session-log.js';
import { SoloMap } from '../../engine/solo-map.js';
import { PostExchange, type PostExchangeOptions, type PostExchangeOwner } from './post-exchange.js';
import { replayEvents, SseStream } from './sse-stream.js';
import { SseWriter } from '../shared/sse/sse-writer.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import type { ResolvedStreamableHttpOptions } from './streamable-http.options.js';

/** What holds a channel's session across requests (the HTTP session registry). */
export interface HttpSessionOwner {
  /** Writes the session record after initialize (awaited by the `initialize` answer). */
  persistInitialized(channel: HttpSessionChannel): Promise<void>;
  /** Writes the session record after its subscriptions or log level changed. */
  persist(channel: HttpSessionChannel): void;
  /** Writes the session record after a request changed its state (shared store only). */
  saveState(channel: HttpSessionChannel): Promise<void>;
  /** Forgets the channel: its session closed. */
  forget(channel: HttpSessionChannel): void;
  /** The reply to `initialize` is over and the session did not initialize: it ends. */
  notInitialized(channel: HttpSessionChannel): void;
}

/**
 * Binds an MCP session to HTTP: routes each outgoing message to the stream of the request it
 * belongs to (the POST that carried it, or its resumed GET), and everything else to the standalone
 * GET stream. Each message goes to exactly one stream; none is broadcast.
 */
export class HttpSessionChannel implements McpSessionSink, PostExchangeOwner {
  /** The replies of the POSTs being served, by request id (one entry without a Map: SoloMap). */
  private readonly exchanges = new SoloMap<RequestId, PostExchange>();
  private standalone?: SseStream;
  /** The GET stream when instances share the event store (made on first use). */
  private sessionLog?: SessionLog;
  private streamMap?: Map<string, SseStream>;
  /** The principal this session belongs to (bound at initialize). */
  principal?: string;
  /** Set when the record could not be stored at `initialize`: its HTTP answer (503). */
  initializeRefusal?: HttpRefusal;
  /** The request ids of the `initialize` POST until its reply is over (see {@link exchangeDone}). */
  private initializeIds?: RequestId[];

  constructor(
    readonly session: McpSessionPort,
    private readonly options: ResolvedStreamableHttpOptions,
    private readonly eventStore: EventStore,
    private readonly report: EncodeFailureReport,
    /** Set when instances share a bus: messages with no stream here go to the instance with one. */
    private readonly cluster?: ClusterPort,
    /** The registry holding the session (none for a stateless-mode throw-away session). */
    private readonly owner?: HttpSessionOwner,
  ) {
    session.bind(this);
    if (cluster) session.remoteDelivery = (message) => this.deliverRemote(message);
  }

  private get streams(): Map<string, SseStream> {
    return (this.streamMap ??= new Map());
  }

  /**
   * The session's GET stream as a log in the shared event store (see {@link SessionLog}), when
   * instances share the bus and the store; undefined otherwise (one instance: {@link standalone}).
   */
  private get log(): SessionLog | undefined {
    if (this.sessionLog) return this.sessionLog;
    const store = this.eventStore;
    if (!this.cluster || !isSharedEventStore(store) || this.session.id === undefined) return;
    return (this.sessionLog = new SessionLog(`${this.streamIdPrefix}get`, store, {
      retryMs: this.options.sseRetryMs,
      keepAliveMs: this.options.keepAliveMs,
      prime: isVersionAtLeast(this.session.protocol.protocolVersion, '2025-11-25'),
      report: this.report,
    }));
  }

  /** {@inheritDoc McpSessionSink.initialized} (the record's write itself: no promise around it) */
  initialized(): Promise<void> | undefined {
    return this.owner?.persistInitialized(this);
  }

  /** {@inheritDoc PostExchangeOwner.sessionInitialized} */
  get sessionInitialized(): boolean {
    return this.session.initialized;
  }

  /** {@inheritDoc McpSessionSink.saveState} */
  async saveState(): Promise<void> {
    if (this.owner) await this.owner.saveState(this);
    else this.session.state.changed = false;
  }

  /**
   * True while requests (the client's, or the server's waiting for an answer), replies or streams
   * of this session are open here, the GET stream read from the shared log included: such a live
   * copy is never evicted.
   */
  get busy(): boolean {
    return (
      this.session.inFlightCount > 0 ||
      this.session.pendingCount > 0 ||
      this.exchanges.size > 0 ||
      (this.streamMap?.size ?? 0) > 0 ||
      this.standalone?.connected === true ||
      this.sessionLog?.followed === true
    );
  }

  /** {@inheritDoc McpSessionSink.logged} (the appends of this instance to the session's log) */
  logged(): Promise<unknown> | undefined {
    return this.sessionLog?.stored;
  }

  /** {@inheritDoc McpSessionSink.changed} */
  changed(): void {
    // Instances sharing the store: saved (awaited) before the request is answered, see saveState.
    if (!this.cluster) this.owner?.persist(this);
  }

  /** {@inheritDoc McpSessionSink.closed} */
  closed(): void {
    this.close();
    this.owner?.forget(this);
  }

  /** {@inheritDoc McpSessionSink.abandoned} */
  abandoned(id: RequestId): void {
    this.exchanges.get(id)?.abandon(id);
  }

  /** True when a request id is already being served on this session. */
  isInFlight(id: RequestId): boolean {
    return this.exchanges.has(id);
  }

  /**
   * Opens the reply of a POST carrying requests with these ids (`initialize`: the POST that
   * opened the session, which ends once that reply is over unless it initialized).
   */
  openExchange(
    res: ServerResponse,
    ids: RequestId[],
    options: Pick<PostExchangeOptions, 'acceptsSse' | 'batch' | 'headers'> & {
      initialize?: boolean;
    },
  ): PostExchange {
    if (options.initialize) this.initializeIds = ids;
    // A literal of fixed shape (no spread, no callbacks): this runs for every POST.
    const exchange = new PostExchange(res, ids, {
      batch: options.batch,
      headers: options.headers,
      initialize: options.initialize === true,
      acceptsSse: options.acceptsSse && this.options.responseMode !== 'json',
      streamFromStart: this.options.responseMode === 'sse',
      report: this.report,
      keepAliveMs: this.options.keepAliveMs,
      owner: this,
    });
    for (const id of ids) this.exchanges.set(id, exchange);
    return exchange;
  }

  /** {@inheritDoc PostExchangeOwner.openExchangeStream} */
  openExchangeStream(requestIds: RequestId[]): SseStream {
    return this.newStream(requestIds);
  }

  /** {@inheritDoc PostExchangeOwner.exchangeDone} */
  exchangeDone(ids: RequestId[], stream: SseStream | undefined): void {
    if (ids === this.initializeIds) {
      this.initializeIds = undefined;
      if (!this.session.initialized) this.owner?.notInitialized(this);
    }
    if (stream) this.streams.delete(stream.id);
    for (const id of ids) this.exchanges.delete(id);
  }

  /** The exchange serving a request id (for server-initiated stream closes). */
  exchangeOf(id: RequestId): PostExchange | undefined {
    return this.exchanges.get(id);
  }

  /** True when the standalone GET stream is connected. */
  get hasStandaloneStream(): boolean {
    return this.sessionLog?.followed ?? this.standalone?.connected ?? false;
  }

  /**
   * Opens the standalone GET stream; resolves once it is open.
   * @throws HttpRefusal 503 when the shared log cannot be followed now.
   */
  async openStandalone(res: ServerResponse): Promise<void> {
    const log = this.log;
    if (log) {
      await log.follow(res);
      return;
    }
    this.standalone ??= this.newStream([]);
    this.standalone.attach(res, true);
  }

  /**
   * Resumes a stream after `Last-Event-ID` on a GET: replays what was missed and keeps delivering
   * if the stream is still live here; otherwise replays from the store and closes. Only a stream
   * of this session is replayed (stream ids start with the session id, so this holds on any
   * instance sharing the store).
   * @throws HttpRefusal 400 when the event id is unknown, expired or another session's: the
   *   session itself is fine (a 404 would tell the client to start a new one), and an id of
   *   another session is answered exactly like an unknown one.
   */
  async resume(res: ServerResponse, lastEventId: string): Promise<void> {
    const separator = lastEventId.lastIndexOf('_');
    const stream = this.streamMap?.get(lastEventId.slice(0, Math.max(0, separator)));
    if (stream) {
      stream.resume(res, lastEventId);
      return;
    }
    const streamId = lastEventId.slice(0, Math.max(0, separator));
    const log = this.log;
    if (log && streamId === log.id) {
      // The session's GET stream, on whichever instance it was read: replay, then live.
      if (log.streamOf(lastEventId) !== log.id) throw unknownEventId();
      await log.follow(res, lastEventId);
      return;
    }
    if (
      this.cluster &&
      isSharedEventStore(this.eventStore) &&
      streamId.startsWith(this.streamIdPrefix)
    ) {
      const info = await this.eventStore.streamInfo(streamId);
      if (info) {
        const follow = { store: this.eventStore, cluster: this.cluster, report: this.report };
        await followRemoteStream(res, lastEventId, info, {
          ...follow,
          keepAliveMs: this.options.keepAliveMs,
        });
        return;
      }
    }
    if (!streamId.startsWith(this.streamIdPrefix)) throw unknownEventId();
    // Opened on the first replayed event: an unknown id is still answered 400.
    const writer = new SseWriter(res, { keepAliveMs: 0 });
    const replayed = await replayEvents(this.eventStore, lastEventId, this.report, writer);
    if (replayed === undefined && !writer.started) throw unknownEventId();
    writer.open();
    writer.close();
  }

  /** Stream ids of this session start with it (see {@link resume}). */
  private get streamIdPrefix(): string {
    return `${this.session.id ?? ''}.`;
  }

  /**
   * Ends the channel (session closed): requests still waiting get a JSON-RPC error, so no POST
   * is left hanging (and the HTTP server can close), then every stream ends.
   */
  close(): void {
    this.session.bind(undefined);
    // Most sessions end with no request open (a DELETE): then nothing is copied. A batch's one
    // exchange is under each of its ids: a Set fails it once.
    if (this.exchanges.size > 0) {
      for (const exchange of new Set(this.exchanges.values())) {
        exchange.fail(ErrorCode.InternalError, 'The session ended before the request completed');
      }
    }
    if (this.streamMap) for (const stream of this.streamMap.values()) stream.end();
    this.standalone?.end();
    this.sessionLog?.close();
    this.streamMap?.clear();
    this.exchanges.clear();
  }

  /** {@inheritDoc McpSessionSink.undeliverable} */
  undeliverable({ message, relatedRequestId }: OutboundMessage): string | undefined {
    if (!('method' in message) || !('id' in message)) return undefined; // only requests need a way back
    const exchange =
      relatedRequestId === undefined ? undefined : this.exchanges.get(relatedRequestId);
    if (exchange?.canStream || this.hasStandaloneStream) return undefined;
    if (this.cluster) return undefined; // forwarded to the instance holding the GET stream, if any
    return 'no open stream can carry server-to-client requests (the POST does not accept SSE and no GET stream is open)';
  }

  private newStream(requestIds: RequestId[]): SseStream {
    const info = this.cluster ? { owner: this.cluster.instanceId, requestIds } : undefined;
    const settings = {
      eventStore: this.eventStore,
      retryMs: this.options.sseRetryMs,
      keepAliveMs: this.options.keepAliveMs,
      prime: isVersionAtLeast(this.session.protocol.protocolVersion, '2025-11-25'),
      report: this.report,
    };
    const stream = new SseStream(`${this.streamIdPrefix}${randomUUID()}`, settings, info);
    this.streams.set(stream.id, stream);
    return stream;
  }

  /** {@inheritDoc McpSessionSink.deliver} */
  deliver({ message, relatedRequestId }: OutboundMessage): void {
    const exchange =
      relatedRequestId === undefined ? undefined : this.exchanges.get(relatedRequestId);
    if (exchange?.deliver(message)) return;
    const log = this.log;
    if (log) {
      // Kept in the session's log whether or not a GET stream reads it, on whichever instance;
      // a bus event that every instance delivers to its copy of the session is kept once.
      log.append(
        message,
        relatedRequestId === undefined ? this.cluster?.deliveringEventId : undefined,
      );
      return;
    }
    // Unrelated messages (list changes, resource updates) and those a JSON-only POST cannot carry.
    if (this.standalone?.connected || (this.standalone && !this.cluster)) {
      this.standalone.push(message);
    } else if (this.cluster && this.session.id !== undefined) {
      // A handler's message (related, or a request) may reach the GET stream elsewhere; bus
      // notifications are delivered by every instance on its own, so they are not forwarded.
      if (relatedRequestId !== undefined || 'id' in message) {
        this.cluster.forwardToStream(this.session.id, message);
      }
    }
  }

  /** A message another instance could not deliver: on the GET stream, if it is connected here. */
  private deliverRemote(message: JsonRpcMessage): boolean {
    if (!this.standalone?.connected) return false;
    this.standalone.push(message);
    return true;
  }
}

/** The answer to a `Last-Event-ID` that is unknown, expired, malformed or another session's. */
function unknownEventId(): HttpRefusal {
  return new HttpRefusal(400, ErrorCode.InvalidRequest, 'Unknown Last-Event-ID for this session');
}
