import type { McpHttpAuth } from '../../client/auth/http-auth.interface.js';
import type { HeadersProvider } from '../shared/headers-provider.js';

/** How the client re-opens a dropped SSE stream. */
export interface SseClientReconnectionOptions {
  /** Attempts before giving up. Default 3. */
  maxAttempts?: number;
  /**
   * Delay before the first attempt (ms), doubled on each further attempt. Default 500, or the
   * `retry:` the server announced on the stream.
   */
  initialDelayMs?: number;
  /** Upper bound of a delay (ms). Default 5000. */
  maxDelayMs?: number;
}

/** Options of {@link SseClientTransport}. */
export interface SseClientTransportOptions {
  /** Extra headers on the GET and on every POST (e.g. `Authorization`). */
  headers?: HeadersProvider;
  /**
   * Authorization of the GET stream and every POST: its headers are added after `headers`, a
   * 401/403 is handed to it and the request retried once when it says so (e.g. an
   * `McpOAuthClient`).
   */
  auth?: McpHttpAuth;
  /** How long `start()` waits for the server's `endpoint` event (ms). Default 10 000. */
  endpointTimeoutMs?: number;
  /**
   * Re-open the stream when it drops (`false` disables). A legacy server usually starts a new
   * session on a new stream; see {@link SseClientTransport} for what happens then. Default on.
   */
  reconnection?: boolean | SseClientReconnectionOptions;
  /**
   * Largest accepted incoming message: bound on one SSE event (UTF-8 bytes), also while it is
   * still arriving; an event growing past it ends the transport with a `protocol` error instead
   * of buffering without limit. Default 32 MiB.
   */
  maxMessageBytes?: number;
}

/** {@link SseClientTransportOptions} with defaults applied. */
export interface ResolvedSseClientOptions {
  headers: HeadersProvider;
  auth: McpHttpAuth | undefined;
  endpointTimeoutMs: number;
  reconnection: Required<SseClientReconnectionOptions> | false;
  /** True when `initialDelayMs` was given (it then wins over the server's `retry:`). */
  fixedInitialDelay: boolean;
  maxMessageBytes: number;
}

function check(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`SseClientTransport: ${name} must be a number >= ${min}, got ${value}`);
  }
  return value;
}

/**
 * Applies the defaults once, at construction.
 * @throws RangeError for a non-positive timeout, size or attempt count, or a negative delay.
 */
export function resolveSseClientOptions(
  options: SseClientTransportOptions,
): ResolvedSseClientOptions {
  const reconnection = options.reconnection ?? true;
  const settings = reconnection === true ? {} : reconnection;
  if (settings !== false) {
    check('reconnection.maxAttempts', settings.maxAttempts ?? 1, 1);
    check('reconnection.initialDelayMs', settings.initialDelayMs ?? 0, 0);
    check('reconnection.maxDelayMs', settings.maxDelayMs ?? 0, 0);
  }
  check('endpointTimeoutMs', options.endpointTimeoutMs ?? 1, 1);
  check('maxMessageBytes', options.maxMessageBytes ?? 1, 1);
  return {
    headers: options.headers ?? {},
    auth: options.auth,
    endpointTimeoutMs: options.endpointTimeoutMs ?? 10_000,
    reconnection:
      settings === false
        ? false
        : {
            maxAttempts: settings.maxAttempts ?? 3,
            initialDelayMs: settings.initialDelayMs ?? 500,
            maxDelayMs: settings.maxDelayMs ?? 5000,
          },
    fixedInitialDelay: settings !== false && settings.initialDelayMs !== undefined,
    maxMessageBytes: options.maxMessageBytes ?? 32 * 1024 * 1024,
  };
}
