import type { HttpSessionChannel } from './http-session-channel.js';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { HttpSessionRegistry } from './http-session-registry.js';
import type { HttpRefusal } from '../shared/http/http-refusal.js';

/** Response header carrying the session id. */
export const SESSION_HEADER = 'mcp-session-id';

/** The session an `initialize` POST opens, and how its reply announces it. */
export interface InitializeSession {
  channel: HttpSessionChannel;
  /** `Mcp-Session-Id`, for a reply that streams before the outcome is known. */
  headers: Record<string, string>;
  /** The headers of a JSON reply: the session id only when `initialize` succeeded. */
  replyHeaders: () => Record<string, string>;
  /** The 503 of an `initialize` whose record could not be stored, if so. */
  refusal: () => HttpRefusal | undefined;
}

/**
 * Opens the session of an `initialize` POST so that a failed `initialize` (bad params, for
 * example) leaves nothing behind: its JSON reply carries no `Mcp-Session-Id`, and once the
 * reply is over a session that did not initialize is ended (the exchange opened with
 * `initialize: true` tells its channel, which asks the registry: no `close` listener per POST).
 */
export function openInitializeSession(
  sessions: HttpSessionRegistry,
  admission: SessionAdmission,
): InitializeSession {
  const channel = sessions.create(admission);
  const { session } = channel;
  const id = session.id!;
  const headers = { [SESSION_HEADER]: id };
  return {
    channel,
    headers,
    replyHeaders: () => (session.initialized ? headers : {}),
    refusal: () => channel.initializeRefusal,
  };
}
