/**
 * Where a request's own notifications go (`notifications/progress`, `notifications/message`):
 * the session peer in the legacy era (related to the request id), the HTTP response of a
 * stateless 2026-07-28 request (upgraded to SSE on the first notification), or the connection
 * of a stdio/WebSocket message. It never carries server-to-client requests.
 */
export interface RequestOutlet {
  /** Sends one notification related to the request being served. */
  notify(method: string, params?: Record<string, unknown>): void;
}
