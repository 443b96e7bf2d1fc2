import type { IncomingMessage } from 'node:http';
import { DEFAULT_MAX_JSON_DEPTH } from '../../protocol/json-depth.js';
import { clientAddressOf } from '../shared/http/client-address.js';
import {
  resolveHostOriginOptions,
  type HostOriginOptions,
  type ResolvedHostOriginOptions,
} from '../shared/host-origin.options.js';
import { normaliseRoutePath } from '../shared/route-path.js';

/** Options of the WebSocket server transport (framework-free; the Nest gateway passes them on). */
export interface WebSocketTransportOptions extends HostOriginOptions {
  /**
   * Path of the endpoint on the HTTP server, matched against the request's pathname (the query
   * string is ignored). Like a Nest `@WebSocketGateway({ path })`, it is absolute: the app's
   * global prefix does not apply. Default `'/ws'`.
   */
  path?: string;
  /**
   * Interval of WebSocket pings (ms). A socket that has not answered the previous ping with a
   * pong (nor sent anything) by the next one is terminated. `0` disables. Default 30 000.
   */
  keepAliveMs?: number;
  /** Largest accepted message (bytes); a larger one closes the socket with 1009. Default 4 MiB. */
  maxMessageBytes?: number;
  /**
   * Deepest nesting of objects/arrays accepted in an incoming message (the message itself is
   * level 1); a deeper one gets `-32600` before any of it is processed. Default 64.
   */
  maxJsonDepth?: number;
  /**
   * Bound on bytes queued for a client that does not read. A send that would exceed it closes the
   * socket with 1008 and ends its session. Default 8 MiB.
   */
  maxBufferedBytes?: number;
  /**
   * The client address of an upgrade request, counted by `limits.maxSessionsPerAddress` (as on
   * Streamable HTTP; `ctx.transport.remoteAddress` stays the socket's). An upgrade passes no framework, so behind a balancer give
   * the address it forwards (the Nest module resolves it by the app's `trust proxy` / `trustProxy`
   * itself). Default: `req.ip` when set, else the socket's address.
   */
  clientAddress?: (req: IncomingMessage) => string | undefined;
}

/** Options with every default applied. */
export interface ResolvedWebSocketTransportOptions {
  path: string;
  keepAliveMs: number;
  maxMessageBytes: number;
  maxJsonDepth: number;
  maxBufferedBytes: number;
  clientAddress: (req: IncomingMessage) => string | undefined;
  /** The `Host`/`Origin` guard settings (checked at the handshake). */
  origin: ResolvedHostOriginOptions;
}

/** Default endpoint path. */
export const WEBSOCKET_DEFAULT_PATH = '/ws';

function positive(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isFinite(resolved) || resolved <= 0) {
    throw new RangeError(`WebSocket transport: ${name} must be a positive number, got ${value}`);
  }
  return resolved;
}

/**
 * Applies the defaults once at bootstrap.
 * @throws RangeError for a negative `keepAliveMs` or a non-positive size limit.
 */
export function resolveWebSocketTransportOptions(
  options: WebSocketTransportOptions = {},
): ResolvedWebSocketTransportOptions {
  const keepAliveMs = options.keepAliveMs ?? 30_000;
  if (!Number.isFinite(keepAliveMs) || keepAliveMs < 0) {
    throw new RangeError(`WebSocket transport: keepAliveMs must be >= 0, got ${keepAliveMs}`);
  }
  return {
    path: normaliseRoutePath(options.path ?? WEBSOCKET_DEFAULT_PATH),
    keepAliveMs,
    maxMessageBytes: positive('maxMessageBytes', options.maxMessageBytes, 4 * 1024 * 1024),
    maxJsonDepth: positive('maxJsonDepth', options.maxJsonDepth, DEFAULT_MAX_JSON_DEPTH),
    maxBufferedBytes: positive('maxBufferedBytes', options.maxBufferedBytes, 8 * 1024 * 1024),
    clientAddress: options.clientAddress ?? clientAddressOf,
    origin: resolveHostOriginOptions(options),
  };
}
