import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import type { SharedEventStore } from '../../stores/event-store.interface.js';
import { messageEvent } from '../shared/sse/sse-event.js';
import { SseWriter } from '../shared/sse/sse-writer.js';
import { storeRefusal } from './store-refusal.js';

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
  /** Appends of this instance not settled yet (the store has not answered). */
  private pendingCount = 0;
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
    this.pendingCount++;
    this.tail = this.tail
      .then(() =>
        onceKey === undefined
          ? this.store.storeEvent(this.id, message)
          : this.store.storeEventOnce(this.id, message, onceKey),
      )
      .catch(() => undefined) // the store is unreachable: the message is lost, the log goes on
      .then(() => void this.pendingCount--);
  }

  /**
   * Settles once every message this instance appended so far is stored (or lost to a failed
   * store); undefined when none is pending, so an answer with nothing to wait for waits for nothing.
   */
  get stored(): Promise<unknown> | undefined {
    return this.pendingCount > 0 ? this.tail : undefined;
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
   * Serves a GET on the log: after `lastEventId` (an id of this log), or from now with a priming
   * event. Resolves once the stream is open (it then runs until the client leaves, the session
   * ends here, or the store can no longer follow it: closed, so the client resumes).
   * @throws HttpRefusal 503 with `Retry-After`, before any header is sent, when the store cannot
   *   follow the log now (Redis down or refusing connections).
   */
  async follow(res: ServerResponse, lastEventId?: string): Promise<void> {
    let from = lastEventId;
    try {
      if (from === undefined) {
        await this.tail; // what this instance appended before the GET is not part of it
        from = await this.store.storeEvent(this.id, null);
      }
    } catch (error) {
      throw storeRefusal(error);
    }
    const priming = lastEventId === undefined && this.settings.prime ? from : undefined;
    const writer = new SseWriter(res, { keepAliveMs: this.settings.keepAliveMs });
    await new Promise<void>((opened, refused) => {
      const ready = () => {
        for (const previous of this.followers) previous.close(); // one GET stream per instance
        this.followers.add(writer);
        writer.onClose(() => this.followers.delete(writer));
        writer.open();
        if (priming !== undefined)
          writer.send({ id: priming, retry: this.settings.retryMs, data: '' });
        opened();
      };
      const send = (eventId: string, message: unknown) => {
        if (message === null) return undefined;
        const json = encodeMessage(message as JsonRpcMessage, this.settings.report);
        if (json === undefined) return undefined;
        writer.send(messageEvent(json, eventId));
        return writer.writable();
      };
      this.store
        .follow(from, send, () => writer.closed, ready)
        .then(
          () => {
            writer.open(); // no-op once opened
            writer.close();
            opened();
          },
          (error: unknown) => {
            // Not followed (refused before opening: 503), or no longer (closed: the client resumes).
            if (!writer.started) refused(storeRefusal(error));
            writer.close();
          },
        );
    });
  }

  /** Ends the GET streams of this instance (the session closed here). */
  close(): void {
    for (const writer of this.followers) writer.close();
  }
}
