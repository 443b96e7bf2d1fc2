import { BehaviorSubject, Subject, filter, map, type Observable, type Subscription } from 'rxjs';
import type { z } from 'zod';
import { JsonRpcPeer } from '../engine/json-rpc-peer.js';
import { TransportError } from '../errors/transport.error.js';
import type { JsonRpcNotification, JsonRpcParams, RequestId } from '../protocol/json-rpc.js';
import {
  ClientRequestResultSchemas,
  InitializeResultSchema,
  type ClientCapabilities,
  type ClientRequestResultOf,
  type Implementation,
  type InitializeResult,
  type ServerCapabilities,
} from '../protocol/schema/index.js';
import { isSupportedLegacyVersion, LATEST_LEGACY_PROTOCOL_VERSION } from '../protocol/versions.js';
import type { ClientTransport } from './client-transport.interface.js';
import type {
  McpClientState,
  McpLogMessage,
  McpProgressEvent,
} from './mcp-client-events.interface.js';
import type { McpCallOptions, McpClientOptions, McpRoot } from './mcp-client-options.interface.js';
import type { McpClientRequestMethod, McpRequestArgs } from './mcp-client-request.interface.js';
import { checkResult, notificationProblem } from './protocol-check.js';
import { BatchOutbox } from './batch-outbox.js';
import { answerServerRequest } from './server-request.responder.js';

/**
 * Connection, handshake, typed requests, server-to-client request handling and notification
 * streams of the MCP client. Operations live in {@link McpClient}.
 */
export class McpClientBase {
  private readonly state = new BehaviorSubject<McpClientState>('idle');
  private readonly notifications = new Subject<JsonRpcNotification>();
  /** The notifications whose params match their method's schema (feeds the typed streams). */
  private readonly checked = new Subject<JsonRpcNotification>();
  private readonly errors = new Subject<Error>();
  private active: ClientTransport;
  private attempted = false;
  protected readonly peer: JsonRpcPeer<undefined>;
  /** The peer's way out: the transport, or a JSON-RPC batch being gathered. */
  protected readonly outbox = new BatchOutbox(() => this.active);
  protected readonly roots = new Map<string, McpRoot>();
  private subscriptions: Subscription[] = [];
  private initializeResult?: InitializeResult;
  private connecting?: Promise<void> | undefined;

  /** Connection state changes. */
  readonly state$: Observable<McpClientState> = this.state.asObservable();
  /** Every notification the server sends (as sent; the typed streams below carry checked ones). */
  readonly notifications$: Observable<JsonRpcNotification> = this.notifications.asObservable();
  /** Server log messages (params that do not match the protocol go to `errors$` instead). */
  readonly logs$: Observable<McpLogMessage>;
  /** Every progress notification (also delivered to the call's own `onProgress`). */
  readonly progress$: Observable<McpProgressEvent>;
  /** Fires on `notifications/tools/list_changed`. */
  readonly toolsChanged$: Observable<void>;
  /** Fires on `notifications/prompts/list_changed`. */
  readonly promptsChanged$: Observable<void>;
  /** Fires on `notifications/resources/list_changed`. */
  readonly resourcesChanged$: Observable<void>;
  /** Transport problems that did not fail a call (garbage lines, stream errors). */
  readonly errors$: Observable<Error>;

  constructor(protected readonly options: McpClientOptions) {
    this.active = typeof options.transport === 'function' ? options.transport() : options.transport;
    for (const root of options.roots ?? []) this.roots.set(root.uri, root);
    this.peer = new JsonRpcPeer<undefined>({
      send: (message) => this.outbox.send(message),
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      onRequest: (request, inbound) =>
        answerServerRequest(request, inbound.signal, this.options, () => [...this.roots.values()]),
      onNotification: (notification) => this.receiveNotification(notification),
      forwardRoutedProgress: true,
      // Failed notification sends and handler crashes are not any call's error: surface them.
      onError: (error) =>
        this.errors.next(error instanceof Error ? error : new Error(String(error))),
    });
    const params = <T>(method: string) =>
      this.checked.pipe(
        filter((n) => n.method === method),
        map((n) => (n.params ?? {}) as T),
      );
    const signal = (method: string) => params<unknown>(method).pipe(map((): void => undefined));
    this.logs$ = params<McpLogMessage>('notifications/message');
    this.progress$ = params<McpProgressEvent>('notifications/progress');
    this.toolsChanged$ = signal('notifications/tools/list_changed');
    this.promptsChanged$ = signal('notifications/prompts/list_changed');
    this.resourcesChanged$ = signal('notifications/resources/list_changed');
    this.errors$ = this.errors.asObservable();
  }

  /** The transport of the current (or last) connection. */
  get transport(): ClientTransport {
    return this.active;
  }

  /** Current state. */
  get currentState(): McpClientState {
    return this.state.value;
  }

  /** `serverInfo` from `initialize` (after connect). */
  get serverInfo(): Implementation | undefined {
    return this.initializeResult?.serverInfo;
  }

  /** Server capabilities from `initialize`. */
  get serverCapabilities(): ServerCapabilities | undefined {
    return this.initializeResult?.capabilities;
  }

  /** Negotiated protocol revision. */
  get protocolVersion(): string | undefined {
    return this.initializeResult?.protocolVersion;
  }

  /** Server instructions from `initialize`. */
  get instructions(): string | undefined {
    return this.initializeResult?.instructions;
  }

  /** Starts the transport and performs the handshake. Idempotent while connected. */
  connect(): Promise<void> {
    if (this.state.value === 'ready') return Promise.resolve();
    return (this.connecting ??= this.doConnect().finally(() => (this.connecting = undefined)));
  }

  /**
   * Sends any client → server request, typed by its method: params and result are the protocol
   * types of that method. Before `ready`, waits for the connection. The result is checked against
   * the method's result schema; one that does not match rejects with a `TransportError` of kind
   * `'protocol'`.
   * @example
   * ```ts
   * const { tools } = await client.request('tools/list', { cursor });
   * ```
   */
  request<M extends McpClientRequestMethod>(
    method: M,
    ...[params, options]: McpRequestArgs<M>
  ): Promise<ClientRequestResultOf<M>> {
    const schema = ClientRequestResultSchemas[method] as unknown as z.ZodType<
      ClientRequestResultOf<M>
    >;
    return this.send(method, params, options, schema);
  }

  /** Sends a request and checks its result with `schema`; re-initializes once on an expired session. */
  protected async send<T>(
    method: string,
    params: unknown,
    options: McpCallOptions = {},
    schema: z.ZodType<T>,
  ): Promise<T> {
    if (this.state.value !== 'ready') await this.connect();
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
    this.notifications.next(notification);
    const problem = notificationProblem(notification);
    if (problem) this.errors.next(problem);
    else this.checked.next(notification);
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
      await this.handshake();
      this.state.next('ready');
    } catch (error) {
      this.state.next('idle');
      throw error;
    }
  }

  /** Closes the transport; pending calls reject with ConnectionClosedError. */
  async close(): Promise<void> {
    if (this.state.value === 'closed') return;
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

  /** The outgoing requests still waiting for an answer. */
  pendingRequests(): Array<{ id: RequestId; method: string }> {
    return this.peer.pendingRequests();
  }

  /** Cancels one pending request (the server is told with `notifications/cancelled`). */
  cancel(requestId: RequestId, reason?: string): boolean {
    return this.peer.cancelOutbound(requestId, reason);
  }

  /** Cancels every pending request. */
  cancelAll(reason?: string): void {
    for (const { id } of this.peer.pendingRequests()) this.peer.cancelOutbound(id, reason);
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
      await this.handshake();
      this.state.next('ready');
    } catch (error) {
      this.state.next('idle');
      for (const subscription of this.subscriptions) subscription.unsubscribe();
      this.subscriptions = [];
      await transport.close().catch(() => undefined);
      throw error;
    }
  }

  private async handshake(): Promise<void> {
    const transport = this.active;
    const result = await this.peer.request<Record<string, unknown>>('initialize', {
      protocolVersion: this.options.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION,
      capabilities: this.capabilities(),
      clientInfo: this.options.clientInfo ?? { name: 'nestjs-mcp-client', version: '0.1.0' },
    });
    const version = result.protocolVersion;
    if (typeof version !== 'string' || !isSupportedLegacyVersion(version)) {
      throw new TransportError(
        `Server answered unsupported protocol version ${String(version)}`,
        'protocol',
      );
    }
    this.initializeResult = checkResult('initialize', InitializeResultSchema, result);
    transport.setProtocolVersion?.(version);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  private async onTransportClosed(): Promise<void> {
    if (this.state.value === 'closed') return;
    // The server side went away: pending calls fail with a transport error, not "client closed"
    // (the transport's own one when it knows more, e.g. the exit code of a stdio server).
    this.peer.close(this.active.closeError ?? new TransportError('The transport closed', 'closed'));
    await this.close();
  }

  private capabilities(): ClientCapabilities {
    if (this.options.capabilities) return this.options.capabilities;
    const caps: ClientCapabilities = {};
    if (this.options.sampling) caps.sampling = {};
    if (this.options.elicitation) caps.elicitation = { form: { applyDefaults: true }, url: {} };
    if (this.options.roots) caps.roots = { listChanged: true };
    return caps;
  }
}
