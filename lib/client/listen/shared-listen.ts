import type { Observable, Subscription } from 'rxjs';
import { ListenError } from '../../errors/listen.error.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import type { SubscriptionFilter } from '../../protocol/schema/index.js';
import type { McpListenEvent } from './listen-event.interface.js';

/** What the client's typed streams can ask a shared listen stream for. */
export type ListenInterest =
  'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged' | { readonly uri: string };

/** One opened stream: what it asked, its id and honoured filter once acknowledged. */
interface OpenStream {
  readonly filter: SubscriptionFilter;
  readonly key: string;
  readonly subscription: Subscription;
  id?: RequestId;
  honoured?: SubscriptionFilter;
}

/** A caller waiting until an acknowledged stream covers its interest. */
interface Waiter {
  readonly interest: ListenInterest;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

const keyOf = (interest: ListenInterest) =>
  typeof interest === 'string' ? interest : `uri:${interest.uri}`;

/**
 * The client's own `subscriptions/listen` stream behind `toolsChanged$`, `promptsChanged$`,
 * `resourcesChanged$` and `subscribeResource()` in the 2026-07-28 era: ONE stream per client whose
 * filter is the union of the interests held (ref-counted). When the union changes (a new kind or
 * URI, or the last holder of one lets go) a stream with the new filter is opened; once the server
 * acknowledges it, it becomes current and the old one is cancelled, so no change is missed in
 * between (a change during a switch may be seen twice). Frames count only from the current stream
 * ({@link owns}). Interest changes in one tick make one stream. A stream the server ends
 * or that fails is reported and reopened on the next interest change (not automatically).
 */
export class SharedListen {
  private readonly counts = new Map<string, { interest: ListenInterest; count: number }>();
  private current?: OpenStream;
  private next?: OpenStream;
  private waiters: Waiter[] = [];
  private scheduled = false;

  constructor(
    private readonly open: (filter: SubscriptionFilter) => Observable<McpListenEvent>,
    /** True while the client is connected in the 2026-07-28 era. */
    private readonly active: () => boolean,
    private readonly report: (error: Error) => void,
  ) {}

  /** Holds `interest` until the returned release is called (idempotent). */
  hold(interest: ListenInterest): () => void {
    const key = keyOf(interest);
    const entry = this.counts.get(key) ?? { interest, count: 0 };
    entry.count++;
    this.counts.set(key, entry);
    this.schedule();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--entry.count === 0) this.counts.delete(key);
      this.schedule();
    };
  }

  /** Resolves once an acknowledged stream honours `interest`; rejects when one leaves it out. */
  covered(interest: ListenInterest): Promise<void> {
    if (this.current?.honoured && honours(this.current.honoured, interest)) {
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiters.push({ interest, resolve, reject }));
  }

  /** The honoured filter of the current (acknowledged) stream, if one is open. */
  get honoured(): SubscriptionFilter | undefined {
    return this.current?.honoured;
  }

  /** True when a frame with this tag comes from the current stream. */
  owns(subscriptionId: RequestId): boolean {
    return this.current?.id === subscriptionId;
  }

  /** Opens, widens, narrows or closes the stream to match the interests held. */
  reconcile(): void {
    this.scheduled = false;
    const filter = this.desired();
    const key = JSON.stringify(filter);
    if (!this.active()) return; // reconciled again once connected in the 2026 era
    if (key === '{}') return this.closeStreams();
    if ((this.next ?? this.current)?.key === key) return;
    this.drop(this.next);
    const stream: OpenStream = {
      filter,
      key,
      subscription: this.open(filter).subscribe({
        next: (event) => {
          if (event.type !== 'acknowledged') return;
          stream.id = event.subscriptionId;
          stream.honoured = event.notifications;
          if (this.next !== stream) return;
          this.drop(this.current);
          this.current = stream;
          this.next = undefined;
          this.settleWaiters(stream.honoured);
        },
        error: (error: Error) => this.ended(stream, error),
        complete: () => this.ended(stream),
      }),
    };
    this.next = stream;
  }

  /** Closes the streams for good (the client closed); waiters reject. */
  stop(): void {
    this.closeStreams();
    const error = new ListenError('unsupported', 'The client closed');
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private closeStreams(): void {
    this.drop(this.next);
    this.drop(this.current);
    this.next = this.current = undefined;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.reconcile());
  }

  private desired(): SubscriptionFilter {
    const filter: SubscriptionFilter = {};
    const uris: string[] = [];
    for (const { interest } of this.counts.values()) {
      if (typeof interest === 'string') filter[interest] = true;
      else uris.push(interest.uri);
    }
    if (uris.length > 0) filter.resourceSubscriptions = uris.sort();
    return filter;
  }

  private settleWaiters(honoured: SubscriptionFilter): void {
    for (const waiter of this.waiters.splice(0)) {
      if (honours(honoured, waiter.interest)) waiter.resolve();
      else if (this.counts.has(keyOf(waiter.interest))) {
        const what = keyOf(waiter.interest);
        waiter.reject(new ListenError('not-honoured', `The server does not honour ${what}`));
      } else this.waiters.push(waiter); // let go meanwhile: the next stream decides
    }
  }

  private ended(stream: OpenStream, error?: Error): void {
    if (this.current === stream) this.current = undefined;
    if (this.next === stream) this.next = undefined;
    if (error) {
      this.report(error);
      for (const waiter of this.waiters.splice(0)) waiter.reject(error);
    }
  }

  private drop(stream: OpenStream | undefined): void {
    stream?.subscription.unsubscribe();
  }
}

/** True when an acknowledged filter covers `interest`. */
function honours(filter: SubscriptionFilter, interest: ListenInterest): boolean {
  if (typeof interest === 'string') return filter[interest] === true;
  return filter.resourceSubscriptions?.includes(interest.uri) === true;
}
