import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import { principalFromUser } from '../shared/http/principal.js';
import { clientAddressOf } from '../shared/http/client-address.js';
import { DEFAULT_MAX_JSON_DEPTH } from '../../protocol/json-depth.js';
import type { IncomingMessage } from 'node:http';
import {
  resolveHostOriginOptions,
  type HostOriginOptions,
  type ResolvedHostOriginOptions,
} from '../shared/host-origin.options.js';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES } from '../shared/http/read-body.js';
import { SSE_DEFAULT_KEEP_ALIVE_MS } from '../shared/sse/sse-writer.js';

/** Options of the Streamable HTTP transport (and of `McpModule`, which extends them). */
export interface StreamableHttpOptions extends HostOriginOptions {
  /** Serve without sessions: every POST stands alone; GET and DELETE get 405. Default `false`. */
  stateless?: boolean;
  /** A session ends after this long without a request (ms). Default 30 minutes. */
  sessionIdleTimeoutMs?: number;
  /**
   * Instances sharing a bus and session store (Redis): an instance drops its live copy of a
   * session after this long without a request of that session here (ms); the record stays, and
   * any instance reloads it on the next request. Default 60 000 (at most `sessionIdleTimeoutMs`).
   */
  liveCopyIdleMs?: number;
  /**
   * Instances sharing a Redis session store: how often each instance sweeps the store's expiry
   * index for records that expired, to run their session-ended hook (cause `'expired'`) once in
   * the service (ms). The hook runs at most this long after a record expired (plus the sweep's
   * own round trips), or at once when a request finds the record gone first. Default 5000.
   */
  sessionExpirySweepMs?: number;
  /**
   * Instances sharing a session store: the largest `ctx.session.state`, as JSON, in bytes (UTF-8).
   * A request that leaves a larger state fails with -32603 and the state is not stored.
   * Default 65 536.
   */
  maxSessionStateBytes?: number;
  /**
   * Largest accepted incoming message: the request body (one message or a batch), in bytes;
   * larger gets 413. Also bounds the POST bodies of the HTTP+SSE endpoints. Default 4 MiB.
   */
  maxMessageBytes?: number;
  /**
   * Deepest nesting of objects/arrays accepted in an incoming message (the message itself is
   * level 1); a deeper one gets `-32600` before any of it is processed. Default 64.
   */
  maxJsonDepth?: number;
  /** @deprecated Use {@link maxMessageBytes} (same meaning; read only when it is absent). */
  maxBodyBytes?: number;
  /**
   * Most time a POST body may take to arrive (ms), from the first read: a slower one (a
   * slow-loris client) gets 408 and its connection is closed. Also applies to the HTTP+SSE
   * message endpoint. Default 30 000.
   */
  bodyTimeoutMs?: number;
  /**
   * How requests are answered: `'auto'` (default) replies with JSON unless the handler sends
   * progress, logs or requests before its result, which upgrades the reply to an SSE stream;
   * `'json'` never streams; `'sse'` always streams.
   */
  responseMode?: 'auto' | 'json' | 'sse';
  /** `retry:` (ms) announced on SSE streams, the client's reconnection delay. Default 1000. */
  sseRetryMs?: number;
  /**
   * Interval of keep-alive comments on SSE streams (ms), also on the HTTP+SSE endpoints; 0
   * disables. Default 15 000.
   */
  keepAliveMs?: number;
  /** @deprecated Use {@link keepAliveMs} (same meaning; read only when it is absent). */
  sseKeepAliveMs?: number;
  /**
   * Who is calling, as a stable string (e.g. the user id). A session is bound to the principal that
   * initialized it; a request with that session id from another principal gets 403. Default: read
   * `req.user` (as set by Passport or an auth guard): its `sub`, `id`, `username` or `email`.
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
   * Checks the requests of a POST before they run (after the session checks): throw an
   * `HttpRefusal` to answer the whole POST with its status and headers, e.g. 403
   * `insufficient_scope` with a `WWW-Authenticate` challenge. The module's `auth` option sets it.
   */
  authorizeRequests?: McpRequestAuthorizer;
}

/** See {@link StreamableHttpOptions.authorizeRequests}. */
export type McpRequestAuthorizer = (
  req: IncomingMessage,
  requests: readonly JsonRpcRequest[],
) => void | Promise<void>;

export { principalFromUser };

/** Options with every default applied (deprecated aliases mapped onto their new names). */
export interface ResolvedStreamableHttpOptions extends ResolvedHostOriginOptions {
  stateless: boolean;
  sessionIdleTimeoutMs: number;
  liveCopyIdleMs: number;
  sessionExpirySweepMs: number;
  maxSessionStateBytes: number;
  maxMessageBytes: number;
  bodyTimeoutMs: number;
  maxJsonDepth: number;
  responseMode: 'auto' | 'json' | 'sse';
  sseRetryMs: number;
  keepAliveMs: number;
  principal: (req: IncomingMessage) => string | undefined;
  clientAddress: (req: IncomingMessage) => string | undefined;
  authorizeRequests?: McpRequestAuthorizer;
}

/** Applies the defaults once at bootstrap. */
export function resolveStreamableHttpOptions(
  options: StreamableHttpOptions = {},
): ResolvedStreamableHttpOptions {
  return {
    stateless: options.stateless ?? false,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? 30 * 60_000,
    liveCopyIdleMs: Math.min(
      options.liveCopyIdleMs ?? 60_000,
      options.sessionIdleTimeoutMs ?? 30 * 60_000,
    ),
    sessionExpirySweepMs: options.sessionExpirySweepMs ?? 5000,
    maxSessionStateBytes: options.maxSessionStateBytes ?? 64 * 1024,
    maxMessageBytes: options.maxMessageBytes ?? options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxJsonDepth: options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH,
    responseMode: options.responseMode ?? 'auto',
    sseRetryMs: options.sseRetryMs ?? 1000,
    keepAliveMs: options.keepAliveMs ?? options.sseKeepAliveMs ?? SSE_DEFAULT_KEEP_ALIVE_MS,
    ...resolveHostOriginOptions(options),
    principal: options.principal ?? principalFromUser,
    clientAddress: options.clientAddress ?? clientAddressOf,
    ...(options.authorizeRequests && { authorizeRequests: options.authorizeRequests }),
  };
}
