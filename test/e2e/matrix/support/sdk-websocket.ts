import { WebSocket as WsWebSocket, type ClientOptions } from 'ws';

/**
 * A browser-like `WebSocket` built on `ws`: every message event is its own task
 * (`allowSynchronousEvents: false`), as the WHATWG spec has it.
 */
class BrowserLikeWebSocket extends WsWebSocket {
  constructor(url: string | URL, protocols?: string | string[], options: ClientOptions = {}) {
    super(url, protocols, { ...options, allowSynchronousEvents: false });
  }
}

/**
 * The SDK's `WebSocketClientTransport` calls the global `WebSocket`, which Node 20 lacks.
 * Installs a `ws`-based one when there is none; the returned function restores the global.
 */
export function provideGlobalWebSocket(): () => void {
  const scope = globalThis as { WebSocket?: unknown };
  if (scope.WebSocket !== undefined) return () => undefined;
  scope.WebSocket = BrowserLikeWebSocket;
  return () => {
    delete scope.WebSocket;
  };
}
