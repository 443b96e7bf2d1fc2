/**
 * Why a 2025-era session ended: `'deleted'` (the client sent HTTP DELETE), `'expired'` (idle
 * timeout), `'disconnected'` (its connection closed: SSE stream, WebSocket, stdio, in-memory),
 * `'shutdown'` (the server closed), `'closed'` (closed by code for another reason).
 */
export type McpSessionEndCause = 'deleted' | 'expired' | 'disconnected' | 'shutdown' | 'closed';
