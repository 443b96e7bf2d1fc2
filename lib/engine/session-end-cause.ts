/**
 * Why a 2025-era session ended: `'deleted'` (the client sent HTTP DELETE), `'expired'` (idle
 * timeout), `'disconnected'` (its connection closed: SSE stream, WebSocket, stdio, in-memory),
 * `'shutdown'` (the server closed), `'closed'` (closed by code for another reason),
 * `'evicted'` (instances sharing a session store: this instance dropped its live copy, idle
 * here or ended on another instance; no session-ended hook fires for it here).
 */
export type McpSessionEndCause =
  'deleted' | 'expired' | 'disconnected' | 'shutdown' | 'closed' | 'evicted';
