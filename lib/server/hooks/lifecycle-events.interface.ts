import type { ClientCapabilities, Implementation } from '../../protocol/schema/index.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { McpSessionEndCause } from '../../engine/session-end-cause.js';

/** The session an event is about: its id (undefined on stdio/WebSocket), principal and state. */
export interface McpSessionRef {
  /** Session id (`Mcp-Session-Id`), undefined where the connection is the session. */
  readonly sessionId: string | undefined;
  /** Transport the session runs on. */
  readonly transport: TransportInfo['kind'];
  /** Who opened it (HTTP principal), if known. */
  readonly principal: string | undefined;
  /** The session's persistent state (the same map as `ctx.session.state`). */
  readonly state: Map<string, unknown>;
}

/** A 2025-era client finished its handshake (`notifications/initialized`). */
export interface McpClientInitializedEvent extends McpSessionRef {
  /** The negotiated protocol revision. */
  readonly protocolVersion: string;
  /** The client's `clientInfo` from `initialize`. */
  readonly clientInfo: Implementation | undefined;
  /** The client's capabilities from `initialize`. */
  readonly clientCapabilities: ClientCapabilities;
}

/** A notification a client sent on a 2025-era session (or a stdio/WebSocket connection). */
export interface McpClientNotificationHookEvent extends McpSessionRef {
  /** The notification's method (`notifications/roots/list_changed`, `acme/heartbeat`, ...). */
  readonly method: string;
  /** Its params, as sent. */
  readonly params: Record<string, unknown> | undefined;
}

/** A 2025-era session ended. */
export interface McpSessionEndedEvent extends McpSessionRef {
  /** Why: DELETE, idle expiry, its connection closed, server shutdown, or closed by code. */
  readonly cause: McpSessionEndCause;
  /** The close reason as logged. */
  readonly reason: string;
  /** The client's `clientInfo` from `initialize`. */
  readonly clientInfo: Implementation | undefined;
}
