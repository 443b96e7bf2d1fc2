/**
 * Resumability seam of the Streamable HTTP transport (legacy era, protocol reference §13.2 "Resumability").
 *
 * The transport stores every outgoing JSON-RPC message of an SSE stream and puts the returned id in the SSE `id:`
 * field. A client that lost the connection reconnects with `GET` + `Last-Event-ID`; the transport then calls
 * {@link EventStore.replayEventsAfter} and re-attaches the stream it gets back.
 *
 * **Stream ids.** The caller chooses them. They MUST be unique across everything sharing the store (all sessions
 * of the server, all servers sharing a Redis) and SHOULD be unguessable, e.g. `randomUUID()`: an event id is only
 * as hard to guess as its stream id. They must consist of visible ASCII (0x21–0x7E), because event ids travel in the
 * SSE `id:` field and the `Last-Event-ID` header.
 *
 * **Event ids.** Opaque to callers. Implementations must make them globally unique, must make them encode the
 * stream (so a `Last-Event-ID` maps back to exactly one stream), and must keep them visible ASCII. The bundled
 * `InMemoryEventStore` uses `${streamId}_${seq}`, with `seq` a decimal counter that increases across the whole
 * store (never reused, even when a stream id is reused after deletion).
 *
 * Methods return promises so that a networked implementation (Redis) fits the same seam.
 */
export interface EventStore {
  /** Store one outgoing JSON-RPC message of stream `streamId`; resolves to the new globally-unique event id. */
  storeEvent(streamId: string, message: unknown): Promise<string>;

  /**
   * Replay every event stored after `lastEventId` on that event's stream, in order, through `send`;
   * resolves to the stream id, or undefined when the id is unknown/expired.
   *
   * Only events of the stream `lastEventId` belongs to are replayed, never those of other streams. Each `send`
   * is awaited before the next; a rejection stops the replay and rejects the returned promise.
   */
  replayEventsAfter(
    lastEventId: string,
    send: (eventId: string, message: unknown) => void | Promise<void>,
  ): Promise<string | undefined>;

  /** Forget a stream's events (its request completed and the client has had the chance to resume). */
  deleteStream(streamId: string): Promise<void>;
  /**
   * Optional health probe: resolves when the backing service answers (e.g. a Redis `PING`).
   * `McpHealthIndicator` calls it; without it the store is reported as not checked.
   */
  ping?(): Promise<void>;
  /**
   * Optional: true while the store does not answer (its last command failed and none succeeded
   * since). Streams then send their messages at once without storing them (they cannot be
   * resumed) instead of waiting for each store call to time out.
   */
  readonly failing?: boolean;
}

/** Injection token under which an {@link EventStore} is provided (a plain symbol: `lib/` does not import Nest). */

/** What a {@link SharedEventStore} records about a stream besides its events. */
export interface StreamInfo {
  /** The instance writing the stream (its server's `instanceId`). */
  owner: string;
  /** The requests whose responses end the stream (empty for a standalone GET stream). */
  requestIds: Array<string | number>;
}

/** How {@link SharedEventStore.follow} ended. */
export type FollowEnd = 'ended' | 'stopped';

/**
 * An {@link EventStore} shared by several instances that also lets one instance follow a stream
 * another instance is still writing (a client resuming on a different instance while the
 * handler runs on the first). The Redis event store implements it.
 */
export interface SharedEventStore extends EventStore {
  /** Records who writes `streamId` and which requests it answers (before its first event). */
  describeStream(streamId: string, info: StreamInfo): Promise<void>;
  /** Marks the stream complete: followers stop after its last event. */
  endStream(streamId: string): Promise<void>;
  /**
   * Stores `message` like {@link EventStore.storeEvent} unless a message with the same `onceKey`
   * was stored on this stream in the last minute (several instances delivering one bus event to
   * copies of one session); resolves to the new event id, or undefined when it was a repeat.
   */
  storeEventOnce(streamId: string, message: unknown, onceKey: string): Promise<string | undefined>;
  /** The stream an event id of this store belongs to; undefined when the id is malformed. */
  streamOf(eventId: string): string | undefined;
  /** The stream's {@link StreamInfo}; undefined when unknown or not described. */
  streamInfo(streamId: string): Promise<StreamInfo | undefined>;
  /**
   * Sends every event stored after `lastEventId` (as `replayEventsAfter`), then each new one as it
   * is stored, until the stream is ended (`'ended'`) or `stop()` turns true (checked about once a
   * second and after each batch: `'stopped'`). `ready` is called once the follow is set up,
   * before the first `send`; a store that cannot follow now rejects before calling it (the
   * caller answers 503), and one that loses the ability mid-way rejects (the caller closes the
   * stream, and its client resumes with `Last-Event-ID`).
   */
  follow(
    lastEventId: string,
    send: (eventId: string, message: unknown) => void | Promise<void>,
    stop: () => boolean,
    ready?: () => void,
  ): Promise<FollowEnd>;
}

/** True when `store` can be followed across instances. */
export function isSharedEventStore(store: EventStore): store is SharedEventStore {
  return typeof (store as Partial<SharedEventStore>).follow === 'function';
}
