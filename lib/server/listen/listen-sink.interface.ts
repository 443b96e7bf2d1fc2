/**
 * Where a listen stream writes its frames: the notification outlet of the `subscriptions/listen`
 * request (HTTP: the request's SSE response; stdio/WebSocket: the connection). Frames are JSON-RPC
 * notifications; the transport adds the envelope. `send` must write (or queue in order) at once.
 */
export interface ListenSink {
  /** Writes one notification frame on the stream. */
  send(method: string, params: Record<string, unknown>): void;
}
