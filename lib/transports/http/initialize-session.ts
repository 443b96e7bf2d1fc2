import type { HttpSessionChannel } from './http-session-channel.js';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { HttpSessionRegistry } from './http-session-registry.js';

/** Response header carrying the session id. */
export const SESSION_HEADER = 'mcp-session-id';

/** The session an `initialize` POST opens, and how its reply announces it. */
export interface InitializeSession {
  channel: HttpSessionChannel;
  /** `Mcp-Session-Id`: sent by a reply that streams, or whose `initialize` succeeded. */
  headers: Record<string, string>;
}

/**
 * Opens the session of an `initialize` POST so that a failed `initialize` (bad params, for
 * example) leaves nothing behind: its JSON reply carries no `Mcp-Session-Id`, and once the
 * reply is over a session that did not initialize is ended (the exchange opened with
 * `initialize: true` asks its channel, which asks the registry: no `close` listener nor
 * callbacks per POST).
 */
export function openInitializeSession(
  sessions: HttpSessionRegistry,
  admission: SessionAdmission,
): InitializeSession {
  const channel = sessions.create(admission);
  // A literal of constant key (a computed key costs a runtime call until optimised).
  const headers = { 'mcp-session-id': channel.session.id! } satisfies Record<
    typeof SESSION_HEADER,
    string
  >;
  return { channel, headers };
}
