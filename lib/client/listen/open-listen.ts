import { Observable } from 'rxjs';
import { ListenError } from '../../errors/listen.error.js';
import type { JsonRpcNotification, RequestId } from '../../protocol/json-rpc.js';
import { SUBSCRIPTION_ID_META_KEY, type SubscriptionFilter } from '../../protocol/schema/index.js';
import type { McpListenEvent } from './listen-event.interface.js';

/** Method of the first frame of a listen stream. */
export const LISTEN_ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** Default of the client option `listenAckTimeoutMs`. */
export const DEFAULT_LISTEN_ACK_TIMEOUT_MS = 10_000;

/** What a listen stream needs from its client. */
export interface ListenChannel {
  /**
   * Sends `subscriptions/listen` with no timeout; resolves with its result when the server ends
   * the stream. `onRequestId` receives the request's id before it is sent.
   */
  readonly request: (
    filter: SubscriptionFilter,
    signal: AbortSignal,
    onRequestId: (id: RequestId) => void,
  ) => Promise<unknown>;
  /** The client's checked notifications (the stream's frames are picked by their tag). */
  readonly notifications$: Observable<JsonRpcNotification>;
}

/** The `subscriptionId` tag of a notification, if it has one. */
export function subscriptionIdOf(notification: JsonRpcNotification): RequestId | undefined {
  const meta = notification.params?._meta as Record<string, unknown> | undefined;
  const id = meta?.[SUBSCRIPTION_ID_META_KEY];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * One `subscriptions/listen` stream as an Observable: emits the acknowledgement, then the frames
 * tagged with the request's id (nothing of the stream before its acknowledgement), completes
 * with the request's result (the server ended the stream) and errors with the request's error,
 * or with a `ListenError` when no acknowledgement came within `ackTimeoutMs`. Unsubscribing
 * cancels the request (`notifications/cancelled`; over HTTP the response stream is aborted).
 */
export function openListen(
  channel: ListenChannel,
  filter: SubscriptionFilter,
  ackTimeoutMs: number,
): Observable<McpListenEvent> {
  return new Observable<McpListenEvent>((subscriber) => {
    const abort = new AbortController();
    let subscriptionId: RequestId | undefined;
    let acknowledged = false;
    const timer = setTimeout(() => {
      const waited = `No acknowledgement of subscriptions/listen within ${ackTimeoutMs} ms`;
      subscriber.error(new ListenError('not-acknowledged', waited));
    }, ackTimeoutMs);
    const frames = channel.notifications$.subscribe((notification) => {
      if (subscriptionId === undefined || subscriptionIdOf(notification) !== subscriptionId) return;
      if (!acknowledged) {
        if (notification.method !== LISTEN_ACKNOWLEDGED) return;
        acknowledged = true;
        clearTimeout(timer);
        const honoured = (notification.params?.notifications ?? {}) as SubscriptionFilter;
        subscriber.next({ type: 'acknowledged', subscriptionId, notifications: honoured });
      } else {
        subscriber.next({ type: 'notification', subscriptionId, notification });
      }
    });
    channel
      .request(filter, abort.signal, (id) => (subscriptionId = id))
      .then(
        () => subscriber.complete(),
        (error: unknown) => subscriber.error(error),
      );
    return () => {
      clearTimeout(timer);
      frames.unsubscribe();
      abort.abort('Unsubscribed');
    };
  });
}
