import type { McpLogger } from '../../engine/logger.interface.js';
import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import type { JsonRpcNotification } from '../../protocol/json-rpc.js';
import type { McpSession } from '../session/mcp-session.js';
import { sessionRef } from './session-ref.js';
import type {
  McpClientInitializedEvent,
  McpClientNotificationHookEvent,
  McpSessionEndedEvent,
} from './lifecycle-events.interface.js';

/** A lifecycle listener; it may be async (a rejection is logged, never sent to a client). */
export type McpHookListener<E> = (event: E) => void | Promise<void>;

class Listeners<E> {
  private readonly listeners = new Set<McpHookListener<E>>();

  constructor(
    private readonly name: string,
    private readonly logger: () => McpLogger | undefined,
  ) {}

  get size(): number {
    return this.listeners.size;
  }

  add(listener: McpHookListener<E>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: E): void {
    for (const listener of this.listeners) {
      try {
        const done = listener(event);
        if (done instanceof Promise) done.catch((error: unknown) => this.fail(error));
      } catch (error) {
        this.fail(error);
      }
    }
  }

  private fail(error: unknown): void {
    this.logger()?.error(
      `${this.name} hook failed: ${error instanceof Error ? error.message : String(error)}`,
      error instanceof Error ? error.stack : undefined,
    );
  }
}

/**
 * Lifecycle hooks of a server (Hermes `init/2`, `handle_notification/2`, `terminate/2`), for
 * 2025-era sessions: a client finished its handshake, a client sent a notification, a session
 * ended (with its cause). Listeners run after the fact and cannot change the protocol flow;
 * what one throws is logged. The 2026-07-28 era has no handshake and no sessions, so only custom
 * methods ({@link CustomMethods}) serve both eras.
 */
export class McpLifecycleHooks {
  /** `notifications/initialized` received. */
  readonly initialized: Listeners<McpClientInitializedEvent>;
  /** Any client notification (after the engine handled it). */
  readonly notification: Listeners<McpClientNotificationHookEvent>;
  /** A session ended. */
  readonly sessionEnded: Listeners<McpSessionEndedEvent>;

  constructor(logger: () => McpLogger | undefined) {
    this.initialized = new Listeners('Client initialized', logger);
    this.notification = new Listeners('Client notification', logger);
    this.sessionEnded = new Listeners('Session ended', logger);
  }

  /**
   * Emits the hooks of a client notification on a session (none for an ephemeral one):
   * `initialized` for `notifications/initialized` once the session is initialized, then
   * `notification`. Builds nothing when no listener is registered.
   */
  clientNotified(session: McpSession, notification: JsonRpcNotification): void {
    const { initialized, notification: any } = this;
    if (session.ephemeral || (initialized.size === 0 && any.size === 0)) return;
    const ref = sessionRef(session);
    if (notification.method === 'notifications/initialized' && session.initialized) {
      const { protocolVersion, clientInfo, clientCapabilities } = session.protocol;
      initialized.emit({ ...ref, protocolVersion, clientInfo, clientCapabilities });
    }
    const params = notification.params as Record<string, unknown> | undefined;
    any.emit({ ...ref, method: notification.method, params });
  }

  /**
   * Emits `sessionEnded` for a session that was initialized (not an ephemeral one, nor a live
   * copy evicted while its session goes on elsewhere).
   */
  sessionClosed(session: McpSession, reason: string, cause: McpSessionEndCause): void {
    const hook = this.sessionEnded;
    if (hook.size === 0 || session.ephemeral || !session.initialized || cause === 'evicted') return;
    hook.emit({ ...sessionRef(session), cause, reason, clientInfo: session.protocol.clientInfo });
  }
}
