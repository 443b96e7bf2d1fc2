import { randomBytes } from 'node:crypto';
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcResponse,
} from '../../protocol/json-rpc.js';
import type { LoggingLevel } from '../../protocol/schema/index.js';
import type { McpClusterEvent, MessageBus } from '../../stores/message-bus.interface.js';
import type { McpSession } from '../session/mcp-session.js';
import type { TaskCluster, TaskControl } from '../tasks/task-cluster.js';

/** Heartbeat period of an instance, in ms. */
export const HEARTBEAT_MS = 1000;
/** An instance silent this long counts as gone (its pending work is failed by the others). */
export const PRESUMED_DEAD_AFTER_MS = 3500;

const FOREIGN_ID = /^([0-9a-f]{12})~\d+$/;

/** How the relay finds the live sessions of this instance (by id, or all of them). */
export interface RelaySessions extends Iterable<McpSession> {
  get(id: string): McpSession | undefined;
}

/**
 * Connects the instances of one service over a shared {@link MessageBus}: heartbeats (liveness),
 * session record changes (subscriptions, log level) applied to the live copies elsewhere,
 * server-to-client messages for the instance holding the session's stream, and client messages
 * (responses to server-to-client requests, legacy SSE posts) for the instance that waits for
 * them. Server-to-client request ids carry the instance id (`<instance>~<n>`), so any instance
 * knows where a response belongs. When the bus reports an outage (`MessageBus.onOutage`: a lost
 * connection, or a publish that failed, as the heartbeat's does every second while Redis is
 * frozen), the server-to-client requests waiting here fail with its error, since their answers
 * may need it.
 */
export class ClusterRelay implements TaskCluster {
  readonly instanceId = randomBytes(6).toString('hex');
  /** Prefix of this instance's server-to-client request ids. */
  readonly requestIdPrefix = `${this.instanceId}~`;
  private readonly lastSeen = new Map<string, number>();
  private readonly startedAt = Date.now();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stopOutageWatch?: () => void;
  /**
   * The id of the server bus event being delivered to this instance's sessions right now (set by
   * the server around each synchronous delivery; the transports read it as `ClusterPort`).
   */
  deliveringEventId?: string;
  /** Receives the task controls sent to this instance (set by the server). */
  onTaskControl?: (taskId: string, control: TaskControl) => void;
  /** Receives the status notifications of tasks running elsewhere (set by the server). */
  onTaskStatus?: (taskId: string, task: Record<string, unknown>) => void;
  /** Receives the cluster-wide registrations added or removed elsewhere (set by the server). */
  onRegistration?: (event: Extract<McpClusterEvent, { type: 'registration' }>) => void;

  constructor(
    private readonly bus: MessageBus,
    private readonly sessions: RelaySessions,
  ) {
    this.heartbeat = setInterval(
      () => this.publish({ type: 'instance-alive', from: '' }),
      HEARTBEAT_MS,
    );
    this.heartbeat.unref();
    this.publish({ type: 'instance-alive', from: '' });
    this.stopOutageWatch = bus.onOutage?.((error) => this.failWaitingRequests(error));
  }

  /**
   * The bus is lost: the answers to this instance's server-to-client requests may come through
   * another instance, over the bus, so none can be counted on. Each waiting request fails now with
   * the bus's error (a clear store-unavailable error instead of a timeout blaming the client).
   */
  failWaitingRequests(error: Error): void {
    for (const session of this.sessions) {
      if (!session.closed && session.peer.pendingCount > 0) session.peer.failOutbound(() => error);
    }
  }

  /** False once `instance` has been silent longer than the liveness window. */
  isAlive(instance: string): boolean {
    if (instance === this.instanceId) return true;
    const seen = this.lastSeen.get(instance) ?? this.startedAt;
    return Date.now() - seen < PRESUMED_DEAD_AFTER_MS;
  }

  /** The instances heard from within the liveness window, this one first. */
  aliveInstances(): string[] {
    const now = Date.now();
    const others = [...this.lastSeen]
      .filter(([, seen]) => now - seen < PRESUMED_DEAD_AFTER_MS)
      .map(([id]) => id);
    return [this.instanceId, ...others];
  }

  /** A server-to-client message of a session with no stream here: for the instance holding one. */
  forwardToStream(sessionId: string, message: JsonRpcMessage): void {
    this.publish({ type: 'session-message', from: '', sessionId, message });
  }

  /** {@inheritDoc ClusterPort.forwardClientMessage} */
  forwardClientMessage(
    to: string,
    sessionId: string,
    message: JsonRpcMessage,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<void> {
    return this.confirmed({ type: 'client-message', from: '', to, sessionId, message, headers });
  }

  /**
   * A response whose id names another instance goes there: the forwarding (rejects when the bus
   * did not take it), or undefined when the response is for this instance (the local peer takes it).
   */
  routeResponse(session: McpSession, response: JsonRpcResponse): Promise<void> | undefined {
    const match = typeof response.id === 'string' ? FOREIGN_ID.exec(response.id) : null;
    if (!match || match[1] === this.instanceId || session.id === undefined) return undefined;
    return this.forwardClientMessage(match[1], session.id, response, {});
  }

  /** {@inheritDoc ClusterPort.sessionEnded} */
  sessionEnded(sessionId: string): void {
    this.publish({ type: 'session-ended', from: '', sessionId });
  }

  /** A `notifications/cancelled` for a request not running here: to every instance (rare). */
  routeCancel(session: McpSession, notification: JsonRpcNotification): Promise<void> {
    if (session.id === undefined) return Promise.resolve();
    return this.confirmed({
      type: 'client-cancel',
      from: '',
      sessionId: session.id,
      message: notification,
    });
  }

  /** {@inheritDoc TaskCluster.send} */
  send(to: string, taskId: string, control: TaskControl): void {
    this.publish({ type: 'task-control', from: '', to, taskId, ...control });
  }

  /** Tells the other instances that a task running here changed status (2026 notification). */
  taskStatus(taskId: string, task: Record<string, unknown>): void {
    this.publish({ type: 'task-status', from: '', taskId, task });
  }

  /** Tells the other instances that a session's subscriptions or log level changed. */
  sessionChanged(session: McpSession): void {
    if (session.id === undefined) return;
    this.publish({
      type: 'session-updated',
      from: '',
      sessionId: session.id,
      subscriptions: [...(session.subscriptionsIfAny ?? [])],
      logLevel: session.protocol.logLevel,
    });
  }

  /** Tells every instance (this one included) of a cluster-wide registration or removal. */
  registration(
    event: Omit<Extract<McpClusterEvent, { type: 'registration' }>, 'from'>,
  ): Promise<void> {
    return Promise.resolve(this.bus.publish({ ...event, from: this.instanceId }));
  }

  /** Handles one cluster event from the bus. */
  receive(event: McpClusterEvent): void {
    if (event.from === this.instanceId) return;
    this.lastSeen.set(event.from, Date.now());
    switch (event.type) {
      case 'session-updated': {
        const session = this.sessions.get(event.sessionId);
        if (!session) return;
        session.subscriptions.clear();
        for (const uri of event.subscriptions) session.subscriptions.add(uri);
        session.protocol.logLevel = event.logLevel as LoggingLevel | undefined;
        return;
      }
      case 'session-message':
        this.sessions.get(event.sessionId)?.remoteDelivery?.(event.message);
        return;
      case 'client-message': {
        if (event.to !== this.instanceId) return;
        const session = this.sessions.get(event.sessionId);
        if (!session || session.closed) return;
        session.receive(event.message, {
          transport: { kind: session.transportKind, headers: event.headers ?? {} },
        });
        return;
      }
      case 'task-control':
        if (event.to !== this.instanceId) return;
        this.onTaskControl?.(
          event.taskId,
          event.action === 'input'
            ? { action: 'input', responses: event.responses ?? {} }
            : { action: 'cancel' },
        );
        return;
      case 'task-status':
        this.onTaskStatus?.(event.taskId, event.task);
        return;
      case 'session-ended':
        this.sessions.get(event.sessionId)?.close('Session ended on another instance', 'evicted');
        return;
      case 'client-cancel': {
        const session = this.sessions.get(event.sessionId);
        const id = (event.message as JsonRpcNotification).params?.requestId;
        if (!session || (typeof id !== 'string' && typeof id !== 'number')) return;
        if (session.peer.isHandling(id))
          session.peer.receive(event.message, { transport: { kind: session.transportKind } });
        return;
      }
      case 'registration':
        this.onRegistration?.(event);
        return;
      default:
    }
  }

  /** Stops the heartbeat (the others presume this instance gone after the liveness window). */
  close(): void {
    clearInterval(this.heartbeat);
    this.stopOutageWatch?.();
  }

  private publish(event: McpClusterEvent): void {
    void this.bus.publish({ ...event, from: this.instanceId });
  }

  /**
   * Publishes a client's message for another instance: rejects when the bus did not take it (the
   * transport answers 503, so the client may send it again). The rejection is handled here too,
   * so a caller that does not wait for it leaves no unhandled rejection.
   */
  private confirmed(event: McpClusterEvent): Promise<void> {
    const full = { ...event, from: this.instanceId };
    const sent = this.bus.publishConfirmed
      ? this.bus.publishConfirmed(full)
      : Promise.resolve(this.bus.publish(full));
    sent.catch(() => undefined);
    return sent;
  }
}
