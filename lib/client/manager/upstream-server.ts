import { BehaviorSubject, interval, Subject, type Observable, type Subscription } from 'rxjs';
import { McpError } from '../../errors/mcp.error.js';
import { TransportError } from '../../errors/transport.error.js';
import type { ClientTransport } from '../client-transport.interface.js';
import { McpClient } from '../mcp-client.js';
import { EMPTY_AGGREGATE_LISTS, fetchLists, type ListKind } from './fetch-lists.js';
import type { ServerLists } from './aggregate.interface.js';
import type { McpManagedClientOptions } from './mcp-client-manager-options.interface.js';
import { backoffDelay, type ResolvedReconnect } from './reconnect-backoff.js';
import type { McpUpstreamState, McpUpstreamStatus } from './upstream-status.interface.js';

/** What an {@link UpstreamServer} is made from. */
export interface UpstreamServerSetup {
  readonly name: string;
  readonly client: McpManagedClientOptions;
  /** A fresh transport for each attempt. */
  readonly transport: () => ClientTransport;
  readonly reconnect: ResolvedReconnect | false;
  /** Milliseconds between pings of a ready server (a failed ping counts as a drop); 0: none. */
  readonly pingIntervalMs: number;
}

/**
 * One server of a client manager: a new `McpClient` per connection attempt, its lists (fetched
 * on connect and again on each list_changed), its status, and reconnection with backoff after a
 * failed attempt or a dropped connection. Never throws out of its own life cycle.
 */
export class UpstreamServer {
  private current: McpClient | undefined;
  private readonly status: BehaviorSubject<McpUpstreamStatus>;
  private readonly changes = new Subject<void>();
  private readonly announced = new Subject<ListKind>();
  private readonly problems = new Subject<Error>();
  private currentLists: ServerLists = EMPTY_AGGREGATE_LISTS;
  private watching: Subscription[] = [];
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private lastError: Error | undefined;
  private closed = false;
  /** The current client is connected: ready, or its transport re-establishing its connection. */
  private live = false;
  /** The current client's transport lost its connection and has not got it back yet. */
  private interrupted = false;
  private readonly refreshes = new Map<ListKind, number>();

  /** Status snapshots, current first. */
  readonly status$: Observable<McpUpstreamStatus>;
  /** Fires when its lists changed (including emptied while it is down). */
  readonly changed$: Observable<void> = this.changes.asObservable();
  /** The lists the server announced changed (`list_changed`), once the refresh is in {@link lists}. */
  readonly listChanged$: Observable<ListKind> = this.announced.asObservable();
  /** Problems that failed nothing (a list refresh, a client stream error). */
  readonly errors$: Observable<Error> = this.problems.asObservable();

  constructor(private readonly setup: UpstreamServerSetup) {
    this.status = new BehaviorSubject<McpUpstreamStatus>(this.snapshot('connecting'));
    this.status$ = this.status.asObservable();
  }

  /** The server's key. */
  get name(): string {
    return this.setup.name;
  }

  /** The client of the current (or last) attempt; undefined before {@link start}. */
  get client(): McpClient | undefined {
    return this.current;
  }

  /** The current status. */
  get state(): McpUpstreamStatus {
    return this.status.value;
  }

  /** What it offers while ready (empty otherwise). */
  get lists(): ServerLists {
    return this.currentLists;
  }

  /** Starts the first attempt; resolves once it settled (ready, or failed and retrying). */
  start(): Promise<void> {
    return this.attempt();
  }

  /** Stops retrying and closes the client. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.unwatch();
    await this.current?.close().catch(() => undefined);
    this.setState('closed');
    this.status.complete();
    this.changes.complete();
    this.announced.complete();
    this.problems.complete();
  }

  private async attempt(): Promise<void> {
    this.timer = undefined;
    const client = new McpClient({ ...this.setup.client, transport: this.setup.transport });
    this.current = client;
    this.interrupted = false;
    this.setState(this.failures > 0 ? 'reconnecting' : 'connecting');
    try {
      await client.connect();
      const lists = await fetchLists(client);
      if (this.closed) return void (await client.close());
      this.currentLists = lists;
      this.failures = 0;
      this.live = true;
      this.watch(client);
      this.setState('ready');
      this.changes.next();
    } catch (error) {
      await client.close().catch(() => undefined);
      if (!this.closed) this.retry(asError(error));
    }
  }

  private retry(error: Error): void {
    this.failures += 1;
    this.lastError = error;
    const { reconnect } = this.setup;
    if (!reconnect || this.failures >= reconnect.maxAttempts + 1) {
      this.setState('failed');
      return;
    }
    const delay = backoffDelay(reconnect, this.failures);
    this.timer = setTimeout(() => void this.attempt(), delay);
    this.timer.unref?.();
    this.setState('reconnecting', new Date(Date.now() + delay));
  }

  private watch(client: McpClient): void {
    const caps = client.serverCapabilities ?? {};
    const refresh = (kind: ListKind) => () => void this.refresh(client, kind);
    this.watching = [
      client.state$.subscribe((state) => {
        if (state === 'closed' && !this.closed) this.dropped(client);
      }),
      client.errors$.subscribe((error) => this.problems.next(error)),
    ];
    const interruptions = client.transport.interrupted$;
    if (interruptions) {
      this.watching.push(interruptions.subscribe((down) => this.interruption(client, down)));
    }
    if (this.setup.pingIntervalMs > 0) {
      const ping = () => client.ping().catch((error: unknown) => this.suspect(client, error));
      this.watching.push(interval(this.setup.pingIntervalMs).subscribe(() => void ping()));
    }
    if (caps.tools?.listChanged)
      this.watching.push(client.toolsChanged$.subscribe(refresh('tools')));
    if (caps.prompts?.listChanged)
      this.watching.push(client.promptsChanged$.subscribe(refresh('prompts')));
    if (caps.resources?.listChanged)
      this.watching.push(client.resourcesChanged$.subscribe(refresh('resources')));
  }

  private unwatch(): void {
    for (const subscription of this.watching) subscription.unsubscribe();
    this.watching = [];
  }

  /**
   * A call or ping on `client` failed: unless the server answered (an `McpError`), it is taken
   * as down (an HTTP server gone has no connection whose end would tell), closed and retried.
   */
  suspect(client: McpClient, error: unknown): void {
    if (error instanceof McpError || client !== this.current || this.closed) return;
    if (this.status.value.state !== 'ready') return;
    this.dropped(client, asError(error));
    void client.close();
  }

  /**
   * The transport of `client` lost its connection (`down`) and re-establishes it on its own (a
   * broker restart): the server leaves the aggregate and shows `'reconnecting'` (calls routed to
   * it fail at once, naming the state), while the client and its session are kept. Once the
   * connection is back, its lists are fetched again and it is ready.
   */
  private interruption(client: McpClient, down: boolean): void {
    if (client !== this.current || !this.live) return;
    this.interrupted = down;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!down) {
      void this.resume(client);
      return;
    }
    this.failures += 1;
    this.lastError = new TransportError(
      'the connection to the broker was lost (the transport is reconnecting)',
      'closed',
    );
    if (this.currentLists !== EMPTY_AGGREGATE_LISTS) {
      this.currentLists = EMPTY_AGGREGATE_LISTS;
      this.changes.next();
    }
    this.setState('reconnecting');
  }

  /**
   * The connection of `client` is back: ready once its lists came again. Until the server
   * answers (its own connection may come back later) the lists are asked for again with the
   * reconnect backoff; past `maxAttempts` (or with `reconnect: false`) the client is dropped.
   */
  private async resume(client: McpClient): Promise<void> {
    this.timer = undefined;
    const current = () => client === this.current && this.live && !this.interrupted;
    try {
      const lists = await fetchLists(client);
      if (!current() || this.closed) return;
      this.currentLists = lists;
      this.failures = 0;
      this.setState('ready');
      this.changes.next();
    } catch (error) {
      if (!current() || this.closed) return;
      const { reconnect } = this.setup;
      if (!reconnect || this.failures + 1 >= reconnect.maxAttempts + 1) {
        this.dropped(client, asError(error));
        void client.close();
        return;
      }
      this.failures += 1;
      this.lastError = asError(error);
      const delay = backoffDelay(reconnect, this.failures);
      this.timer = setTimeout(() => void this.resume(client), delay);
      this.timer.unref?.();
      this.setState('reconnecting', new Date(Date.now() + delay));
    }
  }

  /** The connection ended without our asking: leave the aggregate, then reconnect. */
  private dropped(client: McpClient, reason?: Error): void {
    if (client !== this.current || !this.live) return;
    this.live = false;
    clearTimeout(this.timer);
    this.unwatch();
    this.currentLists = EMPTY_AGGREGATE_LISTS;
    this.changes.next();
    this.retry(
      reason ??
        client.transport.closeError ??
        new TransportError('The connection closed', 'closed'),
    );
  }

  private async refresh(client: McpClient, kind: ListKind): Promise<void> {
    const run = (this.refreshes.get(kind) ?? 0) + 1;
    this.refreshes.set(kind, run);
    try {
      const lists = await fetchLists(client, kind, this.currentLists);
      // A later refresh of the same kind, or a new connection, supersedes this one.
      if (this.refreshes.get(kind) !== run || client !== this.current || this.closed) return;
      if (this.status.value.state !== 'ready') return;
      this.currentLists = lists;
      this.changes.next();
      this.announced.next(kind);
    } catch (error) {
      this.problems.next(asError(error, `${this.name}: refreshing its ${kind} failed`));
    }
  }

  private setState(state: McpUpstreamState, nextRetryAt?: Date): void {
    if (this.status.closed) return;
    this.status.next(this.snapshot(state, nextRetryAt));
  }

  private snapshot(state: McpUpstreamState, nextRetryAt?: Date): McpUpstreamStatus {
    const ready = state === 'ready' ? this.current : undefined;
    return {
      name: this.setup.name,
      state,
      since: new Date(),
      lastError: this.lastError,
      failures: this.failures,
      nextRetryAt,
      serverInfo: ready?.serverInfo,
      protocolVersion: ready?.protocolVersion,
      era: ready?.era,
    };
  }
}

/** Any thrown value as an Error (with `context` prefixed when given). */
function asError(error: unknown, context?: string): Error {
  const base = error instanceof Error ? error : new Error(String(error));
  if (!context) return base;
  return new Error(`${context}: ${base.message}`, { cause: base });
}
