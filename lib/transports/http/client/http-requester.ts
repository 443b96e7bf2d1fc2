import type { HttpReplyLike } from '../../shared/http/http-reply-like.js';
import { NodeHttpRequester } from './node-http-requester.js';
import type { FetchLike } from './streamable-http-client.options.js';

/** One HTTP request of the client transport. */
export interface HttpRequestInit {
  method: 'POST' | 'GET' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** How the transport sends its HTTP requests (its own `node:http` agent, or the user's `fetch`). */
export interface HttpRequester {
  /** Resolves with the reply once its headers arrived, whatever its status; rejects when none came. */
  request(url: URL, init: HttpRequestInit): Promise<HttpReplyLike>;
  /** Drops the connections it keeps (the transport closed). */
  close(): void;
}

/**
 * The requester of a transport: the user's `fetch` when given (proxies, instrumentation), used
 * exactly as before; otherwise a `node:http(s)` one with a keep-alive agent the transport owns.
 */
export function createHttpRequester(fetch: FetchLike | undefined): HttpRequester {
  if (!fetch) return new NodeHttpRequester();
  return { request: (url, init) => fetch(url, init), close: () => undefined };
}
