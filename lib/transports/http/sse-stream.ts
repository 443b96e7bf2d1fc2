import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import {
  isSharedEventStore,
  type EventStore,
  type SharedEventStore,
  type StreamInfo,
} from '../../stores/event-store.interface.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import { messageEvent } from '../shared/sse/sse-event.js';
import { SseWriter } from '../shared/sse/sse-writer.js';

/**
 * Writes the messages stored after `lastEventId` (priming events skipped) to `writer` as SSE
 * events, waiting for the socket to take each one (backpressure), so a backlog of any retained
 * size reaches a client that reads; stops early once the client is gone. Resolves with the
 * stream id the event belonged to, or undefined when the store does not know it (or the client
 * went away during the replay).
 */
export async function replayEvents(
  eventStore: EventStore,
  lastEventId: string,
  report: EncodeFailureReport,
  writer: SseWriter,
): Promise<string | undefined> {
  try {
    return await eventStore.replayEventsAfter(lastEventId, (id, message) => {
      if (message === null) return undefined;
      const json = encodeMessage(message as JsonRpcMessage, report);
      if (json === undefined) return undefined;
      if (!writer.send(messageEvent(json, id))) throw CLIENT_GONE;
      return writer.writable();
    });
  } catch (error) {
    if (error === CLIENT_GONE) return undefined;
    throw error;
  }
}

/** Thrown from a replay's `send` to stop reading the store once the client is gone. */
const CLIENT_GONE = new Error('The client went away during the replay');

/** How a resumable SSE stream behaves on the wire. */
export interface SseStreamSettings {
  eventStore: EventStore;
  retryMs: number;
  keepAliveMs: number;
  /** Send the SEP-1699 priming event (the client's revision is 2025-11-25 or newer). */
  prime: boolean;
  /** Where messages that cannot be encoded are reported. */
  report: EncodeFailureReport;
}

/**
 * A resumable stream of server-to-client messages: every message is stored in the event store
 * under this stream's id and written to the current connection, if any. The connection may come
 * and go (SSE polling, `Last-Event-ID` resumption); the stream lives until {@link end}.
 */
export class SseStream {
  private writer?: SseWriter;
  private tail: Promise<void> = Promise.resolve();
  private ended = false;

  /** Set with a shared event store and a known writer: followers elsewhere learn it from the store. */
  private readonly shared: boolean;

  constructor(
    readonly id: string,
    private readonly settings: SseStreamSettings,
    /** Who writes this stream and which requests it answers (instances sharing the store). */
    info?: StreamInfo,
  ) {
    const store = settings.eventStore;
    this.shared = info !== undefined && isSharedEventStore(store);
    if (this.shared) this.enqueue(() => (store as SharedEventStore).describeStream(id, info!));
  }

  /** True while a connection is attached. */
  get connected(): boolean {
    return this.writer !== undefined && !this.writer.closed;
  }

  /**
   * Attaches a connection. With `prime`, sends the priming event (id + empty data) and `retry`.
   * `headers` are extra response headers (e.g. `Mcp-Session-Id`).
   */
  attach(res: ServerResponse, prime: boolean, headers?: Record<string, string>): void {
    this.writer?.close();
    const writer = new SseWriter(res, { keepAliveMs: this.settings.keepAliveMs, headers });
    this.writer = writer;
    writer.onClose(() => {
      if (this.writer === writer) this.writer = undefined;
    });
    writer.open();
    if (prime && this.settings.prime && !this.settings.eventStore.failing) {
      this.enqueue(async () => {
        const id = await this.settings.eventStore.storeEvent(this.id, null);
        writer.send({ id, retry: this.settings.retryMs, data: '' });
      });
    }
  }

  /** Stores and (when connected) writes one message, keeping order. */
  push(message: JsonRpcMessage): void {
    // Encoded before storing: what cannot be encoded is neither stored nor sent.
    const json = encodeMessage(message, this.settings.report);
    if (json === undefined) return;
    this.enqueue(async () => {
      let id: string | undefined;
      // While the store does not answer (Redis down or frozen) the message goes out at once,
      // without an id (it cannot be resumed): after the first failed store call, not one
      // command timeout per message.
      if (!this.settings.eventStore.failing) {
        try {
          id = await this.settings.eventStore.storeEvent(this.id, message);
        } catch {
          // Sent without an id, as above.
        }
      }
      this.writer?.send(messageEvent(json, id));
    });
  }

  /** Replays stored events after `lastEventId` onto a new connection, then keeps it attached. */
  resume(res: ServerResponse, lastEventId: string): void {
    this.attach(res, false);
    const writer = this.writer;
    this.enqueue(async () => {
      if (writer) {
        await replayEvents(this.settings.eventStore, lastEventId, this.settings.report, writer);
      }
    });
    if (this.ended) this.enqueue(async () => writer?.close());
  }

  /** Closes the connection only (server-initiated polling); the stream goes on. */
  disconnect(): void {
    const writer = this.writer;
    this.enqueue(async () => writer?.close());
  }

  /** Ends the stream after pending writes: closes the connection. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    const writer = this.writer;
    if (this.shared) {
      this.enqueue(() => (this.settings.eventStore as SharedEventStore).endStream(this.id));
    }
    this.enqueue(async () => writer?.close());
  }

  /** True once {@link end} was called. */
  get isEnded(): boolean {
    return this.ended;
  }

  private enqueue(task: () => Promise<void>): void {
    this.tail = this.tail.then(task).catch(() => undefined);
  }
}
