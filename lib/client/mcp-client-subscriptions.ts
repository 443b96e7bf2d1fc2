import { filter, map, Observable, type Subscription } from 'rxjs';
import { ListenError } from '../errors/listen.error.js';
import type { JsonRpcNotification } from '../protocol/json-rpc.js';
import type { OutgoingRequestOptions } from '../engine/json-rpc-peer.interface.js';
import {
  SubscriptionsListenResultSchema as ListenResultSchema,
  type SubscriptionFilter,
} from '../protocol/schema/index.js';
import type { McpListenEvent, McpListenOptions } from './listen/listen-event.interface.js';
import {
  DEFAULT_LISTEN_ACK_TIMEOUT_MS,
  openListen,
  subscriptionIdOf,
  type ListenChannel,
} from './listen/open-listen.js';
import { SharedListen, type ListenInterest } from './listen/shared-listen.js';
import { McpClientBase } from './mcp-client-base.js';
import type { McpCallOptions, McpClientOptions } from './mcp-client-options.interface.js';

/** The listen request's options: no timeout, and its id reported before it is sent. */
type ListenSendOptions = McpCallOptions & Pick<OutgoingRequestOptions, 'onRequestId'>;

/**
 * The client's server-pushed streams in both eras: `listen$()` (2026-07-28
 * `subscriptions/listen`), the list-change streams and resource subscriptions. In the legacy era
 * they are views of the session's notifications and `subscribeResource` sends
 * `resources/subscribe`; in the 2026-07-28 era they hold interests in the client's one shared
 * listen stream ({@link SharedListen}), which opens while anyone holds one.
 */
export class McpClientSubscriptions extends McpClientBase {
  private readonly shared: SharedListen;
  /** Releases of the interests held by `subscribeResource()`, by URI. */
  private readonly subscribed = new Map<string, () => void>();

  /** Fires on `notifications/tools/list_changed` (2026-07-28: opens or widens the listen stream). */
  readonly toolsChanged$: Observable<void>;
  /** Fires on `notifications/prompts/list_changed`. */
  readonly promptsChanged$: Observable<void>;
  /** Fires on `notifications/resources/list_changed`. */
  readonly resourcesChanged$: Observable<void>;

  constructor(options: McpClientOptions) {
    super(options);
    this.shared = new SharedListen(
      (notifications) => this.listen$(notifications),
      () => this.era === 'modern' && this.currentState === 'ready',
      (error) => this.report(error),
    );
    this.state$.subscribe((state) => {
      if (state === 'ready') this.shared.reconcile();
      if (state === 'closed') this.shared.stop();
    });
    this.toolsChanged$ = this.changes('notifications/tools/list_changed', 'toolsListChanged');
    this.promptsChanged$ = this.changes('notifications/prompts/list_changed', 'promptsListChanged');
    this.resourcesChanged$ = this.changes(
      'notifications/resources/list_changed',
      'resourcesListChanged',
    );
  }

  /**
   * 2026-07-28: the filter the server acknowledged for the client's shared listen stream (the one
   * behind the list-change streams and `subscribeResource`); `undefined` while none is open or
   * acknowledged, and in the legacy era.
   */
  get listening(): SubscriptionFilter | undefined {
    return this.shared.honoured;
  }

  /**
   * Opens a `subscriptions/listen` stream (2026-07-28) with `notifications` as its filter: emits
   * the acknowledgement (the honoured subset), then each notification tagged for this stream;
   * completes when the server ends the stream; errors with a `ListenError` when no
   * acknowledgement arrives within `ackTimeoutMs` (or in the legacy era, which has no listen).
   * Unsubscribing cancels the request. Waits for the connection.
   * @example
   * ```ts
   * client.listen$({ toolsListChanged: true }).subscribe((event) => console.log(event.type));
   * ```
   */
  listen$(
    notifications: SubscriptionFilter,
    options: McpListenOptions = {},
  ): Observable<McpListenEvent> {
    const ackTimeoutMs =
      options.ackTimeoutMs ?? this.options.listenAckTimeoutMs ?? DEFAULT_LISTEN_ACK_TIMEOUT_MS;
    const channel: ListenChannel = {
      notifications$: this.checked,
      request: (filter, signal, onRequestId) => {
        const sendOptions: ListenSendOptions = { signal, timeoutMs: Infinity, onRequestId };
        const params = { notifications: filter };
        return this.send('subscriptions/listen', params, sendOptions, ListenResultSchema);
      },
    };
    return new Observable<McpListenEvent>((subscriber) => {
      let stream: Subscription | undefined;
      let ended = false;
      this.connect()
        .then(() => {
          if (ended) return;
          if (this.era !== 'modern') {
            throw new ListenError('unsupported', 'subscriptions/listen needs the 2026-07-28 era');
          }
          stream = openListen(channel, notifications, ackTimeoutMs).subscribe(subscriber);
        })
        .catch((error: unknown) => subscriber.error(error));
      return () => {
        ended = true;
        stream?.unsubscribe();
      };
    });
  }

  /**
   * Subscribes to updates of a resource (see {@link resourceUpdated$}): `resources/subscribe` in
   * the legacy era; in the 2026-07-28 era the URI joins the listen stream's filter and this
   * resolves once the server acknowledged it (a `ListenError` `'not-honoured'` when it does not).
   */
  async subscribeResource(uri: string, options?: McpCallOptions): Promise<void> {
    await this.connect();
    if (this.era !== 'modern') {
      await this.request('resources/subscribe', { uri }, options);
      return;
    }
    if (!this.subscribed.has(uri)) this.subscribed.set(uri, this.shared.hold({ uri }));
    try {
      await this.shared.covered({ uri });
    } catch (error) {
      this.subscribed.get(uri)?.();
      this.subscribed.delete(uri);
      throw error;
    }
  }

  /** Stops updates of a resource (2026-07-28: the URI leaves the listen stream's filter). */
  async unsubscribeResource(uri: string, options?: McpCallOptions): Promise<void> {
    if (this.era !== 'modern') {
      await this.request('resources/unsubscribe', { uri }, options);
      return;
    }
    this.subscribed.get(uri)?.();
    this.subscribed.delete(uri);
  }

  /** `notifications/resources/updated` for one URI (see {@link subscribeResource}). */
  resourceUpdated$(uri: string): Observable<string> {
    return this.checked.pipe(
      filter(
        (n) =>
          n.method === 'notifications/resources/updated' &&
          n.params?.uri === uri &&
          this.fromOwnStream(n),
      ),
      map(() => uri),
    );
  }

  /** A list-change stream: a view of the notifications; in the 2026 era it holds `interest`. */
  private changes(method: string, interest: ListenInterest): Observable<void> {
    const changes = this.checked.pipe(
      filter((n) => n.method === method && this.fromOwnStream(n)),
      map((): void => undefined),
    );
    return new Observable<void>((subscriber) => {
      const release = this.shared.hold(interest);
      const subscription = changes.subscribe(subscriber);
      return () => {
        subscription.unsubscribe();
        release();
      };
    });
  }

  /** Untagged (legacy push) or from the shared listen stream (not a caller's own `listen$`). */
  private fromOwnStream(notification: JsonRpcNotification): boolean {
    const id = subscriptionIdOf(notification);
    return id === undefined || this.shared.owns(id);
  }
}
