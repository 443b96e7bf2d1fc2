import { BehaviorSubject, Subject, filter, map, type Observable, type Subscription } from 'rxjs';
import { JsonRpcPeer } from '../engine/json-rpc-peer.js';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import { McpError } from '../errors/mcp.error.js';
import { isSupportedLegacyVersion, LATEST_LEGACY_PROTOCOL_VERSION } from '../protocol/versions.js';
import type {
  ClientCapabilities,
  Implementation as ClientInfo,
  LoggingLevel,
} from '../protocol/schema/index.js';
import type { ClientTransport } from './client-transport.interface.js';
import { TransportError } from '../errors/transport.error.js';
import { applyElicitationDefaults } from './elicitation-defaults.js';
import type { McpCallOptions, McpClientOptions, McpRoot } from './mcp-client-options.interface.js';

/** Connection state of a client. */
export type McpClientState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** A `notifications/message` from the server. */
export interface McpLogMessage {
  level: LoggingLevel;
  data: unknown;
  logger?: string;
}

/** A `notifications/progress` from the server. */
export interface McpProgressEvent {
  progressToken: string | number;
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Connection, handshake, server-to-client request handling and notification streams of the
 * MCP client. Operations live in {@link McpClient}.
 */
export class McpClientBase {
  private readonly state = new BehaviorSubject<McpClientState>('idle');
  private readonly notifications = new Subject<JsonRpcNotification>();
  private readonly errors = new Subject<Error>();
  private active: ClientTransport;
  private attempted = false;
  protected readonly peer: JsonRpcPeer<undefined>;
  protected readonly roots = new Map<string, McpRoot>();
  private subscriptions: Subscription[] = [];
  private initializeResult?: Record<string, unknown>;
  private connecting?: Promise<void>;

  /** Connection state changes. */
  readonly state$: Observable<McpClientState> = this.state.asObservable();
  /** Every notification the server sends. */
  readonly notifications$: Observable<JsonRpcNotification> = this.notifications.asObservable();
  /** Server log messages. */
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
      send: (message) => this.active.send(message),
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      onRequest: (request, inbound) => this.answer(request, inbound.signal),
      onNotification: (notification) => this.notifications.next(notification),
      forwardRoutedProgress: true,
      // Failed notification sends and handler crashes are not any call's error: surface them.
      onError: (error) =>
        this.errors.next(error instanceof Error ? error : new Error(String(error))),
    });
    const params = <T>(method: string) =>
      this.notifications$.pipe(
        filter((n) => n.method === method),
        map((n) => (n.params ?? {}) as T),
      );
    this.logs$ = params<McpLogMessage>('notifications/message');
    this.progress$ = params<McpProgressEvent>('notifications/progress');
    this.toolsChanged$ = params<void>('notifications/tools/list_changed').pipe(
      map(() => undefined),
    );
    this.promptsChanged$ = params<void>('notifications/prompts/list_changed').pipe(
      map(() => undefined),
    );
    this.resourcesChanged$ = params<void>('notifications/resources/list_changed').pipe(
      map(() => undefined),
    );
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
  get serverInfo(): ClientInfo | undefined {
    return this.initializeResult?.serverInfo as ClientInfo | undefined;
  }

  /** Server capabilities from `initialize`. */
  get serverCapabilities(): Record<string, unknown> | undefined {
    return this.initializeResult?.capabilities as Record<string, unknown> | undefined;
  }

  /** Negotiated protocol revision. */
  get protocolVersion(): string | undefined {
    return this.initializeResult?.protocolVersion as string | undefined;
  }

  /** Server instructions from `initialize`. */
  get instructions(): string | undefined {
    return this.initializeResult?.instructions as string | undefined;
  }

  /** Starts the transport and performs the handshake. Idempotent while connected. */
  connect(): Promise<void> {
    if (this.state.value === 'ready') return Promise.resolve();
    return (this.connecting ??= this.doConnect().finally(() => (this.connecting = undefined)));
  }

  /** Sends a request; before `ready`, waits for the connection. */
  protected async request<T>(
    method: string,
    params?: Record<string, unknown>,
    options: McpCallOptions = {},
  ): Promise<T> {
    if (this.state.value !== 'ready') await this.connect();
    try {
      return await this.peer.request<T>(method, params, options);
    } catch (error) {
      if (!this.isSessionExpired(error)) throw error;
      // The server ended our session (404): start a new one and retry once.
      await this.reinitialize();
      return this.peer.request<T>(method, params, options);
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
    this.initializeResult = result;
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

  private async answer(
    request: JsonRpcRequest,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const params = (request.params ?? {}) as never;
    switch (request.method) {
      case 'ping':
        return {};
      case 'roots/list':
        if (!this.options.roots) break;
        return { roots: [...this.roots.values()] };
      case 'sampling/createMessage':
        if (!this.options.sampling) break;
        return (await this.options.sampling(params, { signal })) as Record<string, unknown>;
      case 'elicitation/create': {
        if (!this.options.elicitation) break;
        const result = await this.options.elicitation(params, { signal });
        if (result.action !== 'accept' || (params as { mode?: string }).mode === 'url')
          return result;
        const schema = (params as { requestedSchema?: Record<string, unknown> }).requestedSchema;
        return { ...result, content: applyElicitationDefaults(schema, result.content) };
      }
    }
    throw McpError.methodNotFound(request.method);
  }
}
