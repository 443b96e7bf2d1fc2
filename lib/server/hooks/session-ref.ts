import type { McpSession } from '../session/mcp-session.js';
import type { McpSessionRef } from './lifecycle-events.interface.js';

/** The part of a session every lifecycle hook event carries. */
export function sessionRef(session: McpSession): McpSessionRef {
  return {
    sessionId: session.id,
    transport: session.transportKind,
    principal: session.principal,
    state: session.state,
  };
}
