import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import type { SharedEventStore } from '../../stores/event-store.interface.js';
import { messageEvent } from '../shared/sse/sse-event.js';
import { SseWriter } from '../shared/sse/sse-writer.js';

/** How a {@link SessionLog}'s GET streams behave on the wire. */
export interface SessionLogSettings {
  retryMs: number;
  keepAliveMs: number;
  /** Send the SEP-1699 priming event on a new GET stream (2025-11-25 or newer). */
  prime: boolean;
  report: EncodeFailureReport;
}

/**
 * The GET stream of a 2025 session when instances share the event store: one ordered log in the
 * store (stream id `<sessionId>.get`) that every instance appends the session's unrelated
 * messages to, connected or not, and that a GET on any instance follows: from now (a new stream,
 * after its priming event) or from `Last-Event-ID` (replay of exactly what was missed, then live).
 * A message every instance delivers to its own copy of the session (a bus event) is appended
 * once, keyed by the bus event's id. Retention is the store's (`maxEventsPerStream`, `eventTtlMs`).
 */
export class SessionLog {
  private tail: Promise<unknown> = Promise.resolve();
  /** GET streams following the log on this instance (a new one replaces them). */
  private readonly followers = new Set<SseWriter>();

  constructor(
    readonly id: string,
    private readonly store: SharedEventStore,
    private readonly settings: SessionLogSettings,
  ) {}

  /** Appends one message after the earlier ones of this instance (once per `onceKey`, if given). */
  append(message: JsonRpcMessage, onceKey?: string): void {
    // What cannot be encoded is not stored (reported once here, not by every follower).
    if (encodeMessage(message, this.settings.report) === undefined) return;
    this.tail = this.tail
      .then(() =>
        onceKey === undefined
          ? this.store.storeEvent(this.id, message)
          : this.store.storeEventOnce(this.id, message, onceKey),
      )
      .catch(() => undefined); // the store is unreachable: the message is lost, the log goes on
  }

  /** The stream an event id belongs to (undefined when malformed for the store). */
  streamOf(eventId: string): string | undefined {
    return this.store.streamOf(eventId);
  }

  /** True when a GET stream follows the log on this instance. */
  get followed(): boolean {
    for (const writer of this.followers) if (!writer.closed) return true;
    return false;
  }

  /**
   * Serves a GET on the log until the client leaves or the session ends here: after
   * `lastEventId` (an id of this log), or from now with a priming event. Resolves when it ends.
   */
  async follow(res: ServerResponse, lastEventId?: string): Promise<void> {
    for (const previous of this.followers) previous.close(); // one GET stream per instance
    const writer = new SseWriter(res, { keepAliveMs: this.settings.keepAliveMs });
    this.followers.add(writer);
    writer.onClose(() => this.followers.delete(writer));
    writer.open();
    try {
      let from = lastEventId;
      if (from === undefined) {
        await this.tail; // what this instance appended before the GET is not part of it
        from = await this.store.storeEvent(this.id, null);
        if (this.settings.prime) writer.send({ id: from, retry: this.settings.retryMs, data: '' });
      }
      await this.store.follow(
        from,
        (eventId, message) => {
          if (message === null) return undefined;
          const json = encodeMessage(message as JsonRpcMessage, this.settings.report);
          if (json === undefined) return undefined;
          writer.send(messageEvent(json, eventId));
          return writer.writable();
        },
        () => writer.closed,
      );
    } catch {
      // The store is unreachable: the client reconnects with its Last-Event-ID.
    } finally {
      writer.close();
    }
  }

  /** Ends the GET streams of this instance (the session closed here). */
  close(): void {
    for (const writer of this.followers) writer.close();
  }
}
