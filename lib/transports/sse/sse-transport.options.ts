import type { IncomingMessage } from 'node:http';
import { principalFromUser } from '../shared/http/principal.js';
import { clientAddressOf } from '../shared/http/client-address.js';
import type { McpRequestAuthorizer } from '../http/streamable-http.options.js';
import { DEFAULT_MAX_JSON_DEPTH } from '../../protocol/json-depth.js';
import {
  resolveHostOriginOptions,
  type HostOriginOptions,
  type ResolvedHostOriginOptions,
} from '../shared/host-origin.options.js';
import { normaliseRoutePath } from '../shared/route-path.js';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES } from '../shared/http/read-body.js';
import { SSE_DEFAULT_KEEP_ALIVE_MS } from '../shared/sse/sse-writer.js';

/**
 * Options of the legacy HTTP+SSE transport (protocol 2024-11-05). The `Host`/`Origin` checks are
 * the same as Streamable HTTP's and take the same options.
 */
export interface SseTransportOptions extends HostOriginOptions {
  /** Path of the SSE stream (GET). Default `'/sse'`. */
  path?: string;
  /**
   * Path clients POST their messages to, announced in the `endpoint` event as
   * `<messagesPath>?sessionId=<id>`. Default `'/messages'`.
   */
  messagesPath?: string;
  /** Interval of `: keepalive` comments on the stream (ms); 0 disables. Default 15 000. */
  keepAliveMs?: number;
  /** Largest accepted incoming message (POST body, bytes); larger gets 413. Default 4 MiB. */
  maxMessageBytes?: number;
  /** Most time a POST body may take to arrive (ms); slower gets 408 and a closed connection. Default 30 000. */
  bodyTimeoutMs?: number;
  /**
   * Deepest nesting of objects/arrays accepted in an incoming message (the message itself is
   * level 1); a deeper one gets `-32600` before any of it is processed. Default 64.
   */
  maxJsonDepth?: number;
  /**
   * Who is calling, as a stable string. A session is bound to the principal that opened its
   * stream; a POST into it from another principal gets 403 (as on Streamable HTTP). Default: a
   * stable field of `req.user` (see `principalFromUser`).
   */
  principal?: (req: IncomingMessage) => string | undefined;
  /**
   * The client address a session counts against (`limits.maxSessionsPerAddress`). Default: the
   * address the framework resolved (`req.ip`: Express with `app.set('trust proxy', ...)`, Fastify
   * with `trustProxy`), else the socket's. Behind a balancer on plain Node, return the client's
   * address from the header your balancer sets (only when it always sets it).
   */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  /**
   * Checks a POSTed request before it runs (after the session checks): throw an `HttpRefusal` to
   * answer the POST with its status and headers, e.g. 403 `insufficient_scope`. The module's
   * `auth` option sets it, as on Streamable HTTP.
   */
  authorizeRequests?: McpRequestAuthorizer;
}

/** {@link SseTransportOptions} with every default applied. */
export interface ResolvedSseTransportOptions {
  path: string;
  messagesPath: string;
  keepAliveMs: number;
  maxMessageBytes: number;
  bodyTimeoutMs: number;
  maxJsonDepth: number;
  principal: (req: IncomingMessage) => string | undefined;
  clientAddress: (req: IncomingMessage) => string | undefined;
  authorizeRequests?: McpRequestAuthorizer;
  /** The `Host`/`Origin` guard settings. */
  origin: ResolvedHostOriginOptions;
}

/** Applies the defaults once, at construction. */
export function resolveSseTransportOptions(
  options: SseTransportOptions = {},
): ResolvedSseTransportOptions {
  const keepAliveMs = options.keepAliveMs ?? SSE_DEFAULT_KEEP_ALIVE_MS;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isFinite(keepAliveMs) || keepAliveMs < 0) {
    throw new RangeError('SSE keepAliveMs must be a finite number >= 0');
  }
  if (!(maxMessageBytes > 0)) throw new RangeError('SSE maxMessageBytes must be > 0');
  return {
    path: normaliseRoutePath(options.path ?? '/sse'),
    messagesPath: normaliseRoutePath(options.messagesPath ?? '/messages'),
    keepAliveMs,
    maxMessageBytes,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxJsonDepth: options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH,
    principal: options.principal ?? principalFromUser,
    clientAddress: options.clientAddress ?? clientAddressOf,
    ...(options.authorizeRequests && { authorizeRequests: options.authorizeRequests }),
    origin: resolveHostOriginOptions(options),
  };
}
