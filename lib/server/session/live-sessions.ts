import type { SessionAdmission, TransportInfo } from '../../engine/transport-info.interface.js';
import type { ServerLimits } from '../limits/server-limits.js';
import { McpSession, type SessionHost } from './mcp-session.js';
import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import { channels } from '../../engine/telemetry/mcp-channels.js';

/**
 * The live sessions of one server: opened against the session caps (and refused while the
 * server drains), tracked until they close, when their admission is released. Published on
 * `nestjs-mcp:server.session.open` / `.close` when anyone listens.
 */
export class LiveSessions implements Iterable<McpSession> {
  private readonly sessions = new Set<McpSession>();
  /** Sessions that have an id (HTTP, legacy SSE), by id. */
  private readonly byId = new Map<string, McpSession>();

  constructor(
    private readonly host: SessionHost,
    private readonly limits: ServerLimits,
    /** True while the server drains (admitted sessions are then refused). */
    private readonly draining: () => boolean,
    /** Called once per session when it closes, with its reason and cause. */
    private readonly ended?: (
      session: McpSession,
      reason: string,
      cause: McpSessionEndCause,
    ) => void,
  ) {}

  /** Number of live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * Opens a session; with `admission` (2025-era sessions: Streamable HTTP, legacy SSE,
   * WebSocket) it counts against the session caps.
   * @throws CapacityError (counted) when a session cap is reached or the server is draining.
   */
  open(
    id: string | undefined,
    transport: TransportInfo['kind'],
    admission?: SessionAdmission,
  ): McpSession {
    if (admission && this.draining()) throw this.limits.refuse('shutdown');
    if (admission) this.limits.admit(admission);
    const session = new McpSession(id, transport, this.host);
    if (admission) {
      session.admission = admission;
      if (admission.principal !== undefined) session.principal = admission.principal;
    }
    this.sessions.add(session);
    if (id !== undefined) this.byId.set(id, session);
    if (channels.sessionOpen.hasSubscribers)
      channels.sessionOpen.publish({ sessionId: id, transport });
    return session;
  }

  /**
   * Forgets a session that closed (called once by the session, before its other close
   * listeners): releases its admission, reports it ended.
   */
  closed(session: McpSession, reason: string, cause: McpSessionEndCause): void {
    const { id, transportKind: transport } = session;
    this.sessions.delete(session);
    this.ended?.(session, reason, cause);
    if (id !== undefined && this.byId.get(id) === session) this.byId.delete(id);
    if (session.admission) this.limits.release(session.admission);
    if (channels.sessionClose.hasSubscribers) {
      const durationMs = performance.now() - session.openedAt;
      channels.sessionClose.publish({ sessionId: id, transport, durationMs, reason });
    }
  }

  /** The live session with this id, if this process holds it. */
  get(id: string): McpSession | undefined {
    return this.byId.get(id);
  }

  /** Closes every live session with `reason`. */
  closeAll(reason: string, cause: McpSessionEndCause = 'shutdown'): void {
    for (const session of [...this.sessions]) session.close(reason, cause);
  }

  [Symbol.iterator](): Iterator<McpSession> {
    return this.sessions.values();
  }
}
