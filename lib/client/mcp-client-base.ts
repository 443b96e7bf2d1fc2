import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs';
import type { z } from 'zod';
import { JsonRpcPeer } from '../engine/json-rpc-peer.js';
import { TransportError } from '../errors/transport.error.js';
import type { JsonRpcNotification, JsonRpcParams } from '../protocol/json-rpc.js';
import {
  ClientRequestResultSchemas,
  type ClientRequestResultOf,
  type ClientCapabilities,
  type Implementation,
  type ServerCapabilities,
} from '../protocol/schema/index.js';
import type { OutgoingRequestOptions } from '../engine/json-rpc-peer.interface.js';
import { CallInputs } from './call-input.js';
import { withCallLogs } from './call-logs.js';
import { createClientStreams } from './client-streams.js';
import { mergeClientCapabilities } from './client-identity.js';
import type { ClientTransport } from './client-transport.interface.js';
import { EraNegotiator } from './era/era-negotiator.js';
import {
  fromInitialize,
  type McpClientEra,
  type NegotiatedServer,
} from './era/negotiated-server.js';
import type {
  McpClientState,
  McpLogMessage,
  McpProgressEvent,
} from './mcp-client-events.interface.js';
import type { McpCallOptions, McpClientOptions, McpRoot } from './mcp-client-options.interface.js';
import type {
  McpClientRequestMethod,
  McpRequestArgs,
  VendorMethod,
} from './mcp-client-request.interface.js';
import { StatelessRequester } from './modern/stateless-requester.js';
import { checkResult, notificationProblem } from './protocol-check.js';
import { AnyResultSchema, notificationRefusal, type McpRequestOptions } from './vendor-message.js';
import { BatchOutbox } from './batch-outbox.js';
import { ResultCache } from './cache/result-cache.js';
import { answerInput, answerServerRequest } from './server-request.responder.js';
import { DEFAULT_CLIENT_INFO } from './client-identity.js';
import { channels } from '../engine/telemetry/mcp-channels.js';
import { isTraced, traceOperation } from '../engine/telemetry/trace-operation.js';
import { ClientTelemetry, recordClientResult, withMeta } from './telemetry/client-telemetry.js';

/**
 * Connection, handshake, typed requests, server-to-client request handling and notification
 * streams of the MCP client. Operations live in {@link McpClient}.
 */
export class McpClientBase {
  private readonly state = new BehaviorSubject<McpClientState>('idle');
  private readonly notifications = new Subject<JsonRpcNotification>();
  /** The notifications whose params match their method's schema (feeds the typed streams). */
  protected readonly checked = new Subject<JsonRpcNotification>();
  private readonly errors = new Subject<Error>();
  private readonly streams = createClientStreams(this.checked);
  private active: ClientTransport;
  private attempted = false;
  protected readonly peer: JsonRpcPeer<undefined>;
  /** The peer's way out: the transport, or a JSON-RPC batch being gathered. */
  protected readonly outbox = new BatchOutbox(() => this.active);
  protected readonly roots = new Map<string, McpRoot>();
  private subscriptions: Subscription[] = [];
  private server?: NegotiatedServer;
  private connecting?: Promise<void> | undefined;
  /** The 2026-07-28 request path (used once the era is modern). */
  protected readonly stateless: StatelessRequester;
  private readonly negotiator: EraNegotiator;
  private readonly telemetry: ClientTelemetry;
  /** 2026-07-28 cache hints: fresh list/read results served without asking. */
  private readonly cache: ResultCache;
  private readonly callInputs = new CallInputs();

  /** Connection state changes. */
  readonly state$: Observable<McpClientState> = this.state.asObservable();
  /** Every notification the server sends (as sent; the typed streams below carry checked ones). */
  readonly notifications$: Observable<JsonRpcNotification> = this.notifications.asObservable();
  /** Server log messages (params that do not match the protocol go to `errors$` instead). */
  readonly logs$: Observable<McpLogMessage> = this.streams.logs$;
  /** Every progress notification (also delivered to the call's own `onProgress`). */
  readonly progress$: Observable<McpProgressEvent> = this.streams.progress$;
  /** Ids of URL-mode elicitations the server reports completed (`notifications/elicitation/complete`). */
  readonly elicitationComplete$: Observable<string> = this.streams.elicitationComplete$;
  /** Transport problems that did not fail a call (garbage lines, stream errors). */
  readonly errors$: Observable<Error> = this.errors.asObservable();

  constructor(protected readonly options: McpClientOptions) {
    this.active = typeof options.transport === 'function' ? options.transport() : options.transport;
    this.telemetry = new ClientTelemetry(
      this,
      options.clientInfo?.name ?? DEFAULT_CLIENT_INFO.name,
    );
    for (const root of options.roots ?? []) this.roots.set(root.uri, root);
    const listRoots = () => [...this.roots.values()];
    this.peer = new JsonRpcPeer<undefined>({
      send: (message) => this.outbox.send(message, this.stateless.headersFor(message, this.active)),
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      onRequest: (request, inbound) =>
        answerServerRequest(
          request,
          inbound.signal,
          this.callInputs.handlersFor(request, this.options),
          listRoots,
        ),
      onNotification: (notification) => this.receiveNotification(notification),
      forwardRoutedProgress: true,
      // Failed notification sends and handler crashes are not any call's error: surface them.
      onError: (error) => this.report(error),
    });
    this.stateless = new StatelessRequester(this.peer, options, {
      answer: (signal) => (method, params) =>
        answerInput(method, params, signal, this.options, listRoots),
      warn: (error) => this.report(error),
    });
    this.cache = new ResultCache(options.cache, (e) => this.report(e));
    this.negotiator = new EraNegotiator(
      this.peer,
      options,
      this.stateless,
      () => this.active,
      (e) => this.report(e),
    );
  }

  /** The transport of the current (or last) connection. */
  get transport(): ClientTransport {
    return this.active;
  }

  /** Current state. */
  get currentState(): McpClientState {
    return this.state.value;
  }

  /** The era negotiated on connect: `'legacy'` (initialize session) or `'modern'` (2026-07-28). */
  get era(): McpClientEra | undefined {
    return this.server?.era;
  }

  /** `serverInfo` from `initialize` or `server/discover` (after connect). */
  get serverInfo(): Implementation | undefined {
    return this.server?.serverInfo;
  }

  /** Server capabilities from `initialize` or `server/discover`. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.server?.capabilities;
  }

  /** Negotiated protocol revision. */
  get protocolVersion(): string | undefined {
    return this.server?.era === 'modern'
      ? this.stateless.protocolVersion
      : this.server?.protocolVersion;
  }

  /** The capabilities this client declares (option `capabilities`, or derived from its handlers). */
  get capabilities(): ClientCapabilities {
    return this.stateless.capabilities;
  }

  /**
   * Merges `extra` into the declared capabilities (nested objects key by key) and returns the
   * result. A 2025 session fixes capabilities at `initialize`, so there they apply from the next
   * `initialize` (a `connect()` not made yet, or the re-initialize after the server ended the
   * session); in the 2026-07-28 era every request carries them, so they apply to the next request. Declaring a capability does not add its handler (`elicitation`, `sampling`, `roots`
   * options): a server request without one is answered with -32601.
   */
  mergeCapabilities(extra: ClientCapabilities): ClientCapabilities {
    const merged = mergeClientCapabilities(this.stateless.capabilities, extra);
    this.stateless.capabilities = merged;
    return merged;
  }

  /** Server instructions from `initialize` or `server/discover`. */
  get instructions(): string | undefined {
    return this.server?.instructions;
  }

  /** Starts the transport and performs the handshake. Idempotent while connected. */
  connect(): Promise<void> {
    if (this.state.value === 'ready') return Promise.resolve();
    return (this.connecting ??= this.doConnect().finally(() => (this.connecting = undefined)));
  }

  /**
   * Sends any client → server request. A spec method is typed by its method: params and result
   * are the protocol types, and the result is checked against the method's schema. Any other
   * method (a vendor's, e.g. a server's `@McpMethod('acme/search')`) is sent as given; its result
   * is checked against `options.schema` when one is given (any object otherwise). Before
   * `ready`, waits for the connection. A result that does not match rejects with a
   * `TransportError` of kind `'protocol'`.
   * @example
   * ```ts
   * const { tools } = await client.request('tools/list', { cursor });
   * const hits = await client.request('acme/search', { q: 'mcp' }, { schema: HitsSchema });
   * ```
   */
  request<M extends McpClientRequestMethod>(
    method: M,
    ...args: McpRequestArgs<M>
  ): Promise<ClientRequestResultOf<M>>;
  request<T = Record<string, unknown>, V extends string = string>(
    method: VendorMethod<V>,
    params?: Record<string, unknown>,
    options?: McpRequestOptions<T>,
  ): Promise<T>;
  request(
    method: string,
    params?: unknown,
    options?: McpRequestOptions<unknown>,
  ): Promise<unknown> {
    const spec = (ClientRequestResultSchemas as Record<string, z.ZodType<unknown> | undefined>)[
      method
    ];
    const schema = options?.schema ?? spec ?? AnyResultSchema;
    return this.send(method, params, options, schema);
  }

  /**
   * Sends a notification to the server, after connecting when needed: a vendor's, or a spec
   * notification of the negotiated era (one the era does not have rejects with a `TypeError`,
   * nothing is sent). The client sends the spec's own (cancelled, progress, roots) itself.
   */
  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    if (this.state.value !== 'ready') await this.connect();
    const refusal = notificationRefusal(method, this.server?.era ?? 'legacy');
    if (refusal) throw new TypeError(`Not sent: ${refusal}`);
    this.peer.notify(method, params as JsonRpcParams | undefined);
  }

  /**
   * Sends a request and checks its result with `schema`; re-initializes once on an expired session.
   * Published on `nestjs-mcp:client.request` when anyone listens (a subscriber's `meta`, e.g. the
   * OpenTelemetry `traceparent`, goes into the request's `_meta`).
   */
  protected send<T>(
    method: string,
    params: unknown,
    options: McpCallOptions = {},
    schema: z.ZodType<T>,
  ): Promise<T> {
    if (!isTraced(channels.clientRequest)) return this.sendChecked(method, params, options, schema);
    const event = this.telemetry.requestEvent(method, params);
    return traceOperation(
      channels.clientRequest,
      event,
      () => this.sendChecked(method, params, withMeta(options, event.meta), schema),
      recordClientResult,
    );
  }

  private async sendChecked<T>(
    method: string,
    params: unknown,
    callOptions: McpCallOptions,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const options = this.callInputs.wrap(withCallLogs(callOptions));
    try {
      return await this.sendWith(method, params, options, schema);
    } finally {
      this.callInputs.release(options);
    }
  }

  private async sendWith<T>(
    method: string,
    params: unknown,
    options: McpCallOptions & OutgoingRequestOptions,
    schema: z.ZodType<T>,
  ): Promise<T> {
    if (this.state.value !== 'ready') await this.connect();
    if (this.server?.era === 'modern') {
      const fetch = () => this.stateless.request(method, params, options);
      return checkResult(
        method,
        schema,
        await this.cache.through(method, params, options.fresh, fetch),
      );
    }
    // Params are typed by the caller's signature (the method's params type, or an operation's own).
    const sent = params as JsonRpcParams | undefined;
    let result: unknown;
    try {
      result = await this.peer.request<unknown>(method, sent, options);
    } catch (error) {
      if (!this.isSessionExpired(error)) throw error;
      // The server ended our session (404): start a new one and retry once.
      await this.reinitialize();
      result = await this.peer.request<unknown>(method, sent, options);
    }
    return checkResult(method, schema, result);
  }

  private receiveNotification(notification: JsonRpcNotification): void {
    if (notification.method === 'notifications/progress' && channels.clientProgress.hasSubscribers)
      channels.clientProgress.publish(notification.params);
    this.notifications.next(notification);
    const problem = notificationProblem(notification);
    if (problem) this.errors.next(problem);
    else {
      this.cache.invalidateOn(notification);
      this.checked.next(notification);
    }
  }

  private isSessionExpired(error: unknown): boolean {
    return (
      error instanceof TransportError &&
      error.status === 404 &&
      this.active.resetSession !== undefined &&
      this.state.value === 'ready'
    );
  }

  private async reinitialize(): Promise<void> {
    this.state.next('reconnecting');
    this.active.resetSession?.();
    try {
      this.server = fromInitialize(await this.negotiator.initialize(this.server?.protocolVersion));
      this.state.next('ready');
    } catch (error) {
      this.state.next('idle');
      throw error;
    }
  }

  /** Closes the transport; pending calls reject with ConnectionClosedError. */
  async close(): Promise<void> {
    if (this.state.value === 'closed') return;
    if (this.state.value === 'ready') this.telemetry.disconnected(this.active.closeError);
    this.state.next('closed');
    this.peer.close('Client closed');
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    await this.active.close().catch(() => undefined);
    this.state.complete();
    this.notifications.complete();
    this.checked.complete();
    this.errors.complete();
  }

  private async doConnect(): Promise<void> {
    // A factory gives every attempt a fresh transport, so a failed connect can be retried.
    if (this.attempted && typeof this.options.transport === 'function') {
      this.active = this.options.transport();
    }
    this.attempted = true;
    const transport = this.active;
    this.state.next('connecting');
    this.subscriptions.push(
      transport.messages$.subscribe({
        next: (message) => this.peer.receive(message, undefined),
        complete: () => void this.onTransportClosed(),
      }),
      transport.errors$.subscribe((error) => this.errors.next(error)),
    );
    try {
      await transport.start();
      this.server = await this.negotiator.negotiate();
      this.state.next('ready');
      this.telemetry.connected();
    } catch (error) {
      this.state.next('idle');
      for (const subscription of this.subscriptions) subscription.unsubscribe();
      this.subscriptions = [];
      await transport.close().catch(() => undefined);
      throw error;
    }
  }

  protected report(error: unknown): void {
    this.errors.next(error instanceof Error ? error : new Error(String(error)));
  }

  private async onTransportClosed(): Promise<void> {
    if (this.state.value === 'closed') return;
    // The server side went away: pending calls fail with a transport error, not "client closed"
    // (the transport's own one when it knows more, e.g. the exit code of a stdio server).
    this.peer.close(this.active.closeError ?? new TransportError('The transport closed', 'closed'));
    await this.close();
  }
}
