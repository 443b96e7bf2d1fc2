import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { WebSocket, type ClientOptions } from 'ws';

/**
 * A browser-faithful `WebSocket` on top of `ws`: each message event is its own task
 * (`allowSynchronousEvents: false`), as in the WHATWG spec. The SDK v1 client needs that: it runs
 * notification handlers a microtask later but resolves responses at once, so a progress
 * notification that arrives in the same task as its result is dropped (its handler is gone).
 */
class BrowserLikeWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[], options: ClientOptions = {}) {
    super(url, protocols, { ...options, allowSynchronousEvents: false });
  }
}

/**
 * Node 20 has no global `WebSocket`; the SDK's `WebSocketClientTransport` calls
 * `new WebSocket(url, 'mcp')`. `ws` implements that browser-style API (`onopen`, `onmessage`
 * with string `data` for text frames ...). Installed even where a global exists (Node 22's
 * dispatches a read's frames in one task), and restored by the returned function.
 */
export function provideGlobalWebSocket(): () => void {
  const scope = globalThis as { WebSocket?: unknown };
  const had = 'WebSocket' in scope;
  const previous = scope.WebSocket;
  scope.WebSocket = BrowserLikeWebSocket;
  return () => {
    if (had) scope.WebSocket = previous;
    else delete scope.WebSocket;
  };
}

/** An SDK `Client` connected through the SDK's `WebSocketClientTransport`. */
export interface SdkPeer {
  client: Client;
  transport: WebSocketClientTransport;
  /** Errors the SDK transport reported (unparsable frames ...). */
  errors: Error[];
  close(): Promise<void>;
}

/** Connects the official SDK client to `url` over WebSocket and completes the handshake. */
export async function connectSdk(
  url: URL,
  options: { capabilities?: ClientCapabilities; setup?: (client: Client) => void } = {},
): Promise<SdkPeer> {
  const client = new Client(
    { name: 'sdk-ws-e2e', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  options.setup?.(client);
  const transport = new WebSocketClientTransport(url);
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  let closed = false;
  return {
    client,
    transport,
    errors,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
