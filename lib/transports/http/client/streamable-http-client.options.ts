import type { McpHttpAuth } from '../../../client/auth/http-auth.interface.js';
import type { HeadersProvider } from '../../shared/headers-provider.js';

export type { HeadersProvider };

/** A `fetch` the transport uses instead of its own `node:http` requests. */
export type FetchLike = (input: URL, init: RequestInit) => Promise<Response>;

/**
 * Wraps a `fetch`: takes the next one and returns one that does something around it (adds
 * headers, logs, retries, authorizes), like the official SDK client's fetch middleware.
 */
export type FetchMiddleware = (next: FetchLike) => FetchLike;

/**
 * Composes middleware around `fetch`: the first one is the outermost (it sees the request first
 * and the response last).
 */
export function applyFetchMiddleware(
  fetch: FetchLike,
  middleware: readonly FetchMiddleware[],
): FetchLike {
  return middleware.reduceRight<FetchLike>((next, wrap) => wrap(next), fetch);
}

/** How a dropped SSE stream is resumed (`GET` with `Last-Event-ID`). */
export interface SseReconnectionOptions {
  /**
   * Consecutive attempts that bring nothing new (failed connections, streams closing before any
   * event) before giving up. Default 5.
   */
  maxAttempts?: number;
  /** Delay before reconnecting when the server sent no `retry:` field (ms). Default 1000. */
  initialDelayMs?: number;
  /** Factor applied to the delay after each consecutive unproductive attempt. Default 1.5. */
  backoffFactor?: number;
  /** Upper bound of the delay (ms). Default 30 000. */
  maxDelayMs?: number;
}

/** Options of the Streamable HTTP client transport. */
export interface StreamableHttpClientOptions {
  /**
   * Headers added to every request (POST, GET, DELETE), e.g. `Authorization`. The protocol's own
   * headers (`Accept`, `Content-Type`, `Mcp-Session-Id`, `MCP-Protocol-Version`, `Last-Event-ID`)
   * always win. An error thrown by the function rejects the `send()` that needed it, unchanged.
   */
  headers?: HeadersProvider;
  /**
   * Authorization of every request (POST, GET, DELETE): its headers are added after `headers`,
   * and a 401/403 is handed to it and the request retried once when it says so, e.g. an
   * `McpOAuthClient` (OAuth 2.1 as the MCP authorization spec defines it).
   */
  auth?: McpHttpAuth;
  /**
   * A custom `fetch` (proxies, instrumentation); pass `fetch` for the global one. Default: plain
   * `node:http`/`node:https` requests on a keep-alive agent of the transport's own, whose
   * sockets `close()` destroys.
   */
  fetch?: FetchLike;
  /**
   * Middleware around every HTTP request of the transport (POST, GET, DELETE), first = outermost:
   * logging, extra headers, retries. With middleware the requests go through `fetch` (the
   * option, or the global one). Default none.
   */
  middleware?: readonly FetchMiddleware[];
  /** Reconnection of dropped SSE streams. */
  reconnection?: SseReconnectionOptions;
  /** Open the optional standalone GET stream once the session is initialized. Default `true`. */
  standaloneStream?: boolean;
  /** Largest accepted incoming message: a JSON reply or one SSE event, in bytes. Default 32 MiB. */
  maxMessageBytes?: number;
  /** Bound on the `DELETE` that `close()` sends to end the session (ms). Default 5000. */
  closeTimeoutMs?: number;
}

/** Reconnection settings with every default applied. */
export type ResolvedReconnection = Required<SseReconnectionOptions>;

/** Options with every default applied. */
export interface ResolvedStreamableHttpClientOptions {
  headers: HeadersProvider;
  auth?: McpHttpAuth;
  /** The user's `fetch`; undefined for the transport's own `node:http` requests. */
  fetch?: FetchLike;
  reconnection: ResolvedReconnection;
  standaloneStream: boolean;
  maxMessageBytes: number;
  closeTimeoutMs: number;
}

/** Applies the defaults and rejects nonsensical numbers early. */
export function resolveStreamableHttpClientOptions(
  options: StreamableHttpClientOptions = {},
): ResolvedStreamableHttpClientOptions {
  const reconnection: ResolvedReconnection = {
    maxAttempts: options.reconnection?.maxAttempts ?? 5,
    initialDelayMs: options.reconnection?.initialDelayMs ?? 1000,
    backoffFactor: options.reconnection?.backoffFactor ?? 1.5,
    maxDelayMs: options.reconnection?.maxDelayMs ?? 30_000,
  };
  const resolved: ResolvedStreamableHttpClientOptions = {
    headers: options.headers ?? {},
    auth: options.auth,
    fetch:
      options.middleware && options.middleware.length > 0
        ? applyFetchMiddleware(
            options.fetch ?? ((input, init) => fetch(input, init)),
            options.middleware,
          )
        : options.fetch,
    reconnection,
    standaloneStream: options.standaloneStream ?? true,
    maxMessageBytes: options.maxMessageBytes ?? 32 * 1024 * 1024,
    closeTimeoutMs: options.closeTimeoutMs ?? 5000,
  };
  const check = (name: string, value: number, min: number) => {
    if (!Number.isFinite(value) || value < min) {
      throw new RangeError(`StreamableHttpClientTransport: ${name} must be a number >= ${min}`);
    }
  };
  check('reconnection.maxAttempts', reconnection.maxAttempts, 0);
  check('reconnection.initialDelayMs', reconnection.initialDelayMs, 0);
  check('reconnection.backoffFactor', reconnection.backoffFactor, 1);
  check('reconnection.maxDelayMs', reconnection.maxDelayMs, 0);
  check('maxMessageBytes', resolved.maxMessageBytes, 1);
  check('closeTimeoutMs', resolved.closeTimeoutMs, 0);
  return resolved;
}

/**
 * Delay before reconnection attempt `attempt` (1 = the first after a drop): the server's `retry`
 * (or the initial delay) first, then growing by the backoff factor, capped.
 */
export function reconnectDelay(
  attempt: number,
  retryMs: number | undefined,
  policy: ResolvedReconnection,
): number {
  const base = retryMs ?? policy.initialDelayMs;
  const grown = base * policy.backoffFactor ** Math.max(0, attempt - 1);
  return Math.min(grown, Math.max(policy.maxDelayMs, base));
}
