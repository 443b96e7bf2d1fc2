import type { IncomingMessage } from 'node:http';

/** Options of the Streamable HTTP transport. */
export interface StreamableHttpOptions {
  /** Serve without sessions: every POST stands alone; GET and DELETE get 405. Default `false`. */
  stateless?: boolean;
  /** A session ends after this long without a request (ms). Default 30 minutes. */
  sessionIdleTimeoutMs?: number;
  /** Largest accepted request body in bytes; larger gets 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * How requests are answered: `'auto'` (default) replies with JSON unless the handler sends
   * progress, logs or requests before its result, which upgrades the reply to an SSE stream;
   * `'json'` never streams; `'sse'` always streams.
   */
  responseMode?: 'auto' | 'json' | 'sse';
  /** `retry:` (ms) announced on SSE streams, the client's reconnection delay. Default 1000. */
  sseRetryMs?: number;
  /** Interval of SSE keep-alive comments (ms); 0 disables. Default 15 000. */
  sseKeepAliveMs?: number;
  /** Validate `Host` and `Origin` against DNS rebinding. Default `true`. */
  dnsRebindingProtection?: boolean;
  /** Extra accepted `Host` values (`host` or `host:port`); loopback names are always accepted on loopback. */
  allowedHosts?: string[];
  /** Extra accepted `Origin` values (`https://app.example.com`); same-origin requests are always accepted. */
  allowedOrigins?: string[];
  /**
   * Who is calling, as a stable string (e.g. the user id). A session is bound to the principal that
   * initialized it; a request with that session id from another principal gets 403. Default: read
   * `req.user` (as set by Passport or an auth guard): its `sub`, `id`, `username` or `email`.
   */
  principal?: (req: IncomingMessage) => string | undefined;
}

/** The default principal: a stable field of `req.user`, if an auth layer set one. */
export function principalFromUser(req: IncomingMessage): string | undefined {
  const user = (req as IncomingMessage & { user?: unknown }).user;
  if (user === undefined || user === null) return undefined;
  if (typeof user !== 'object') return String(user);
  const fields = user as Record<string, unknown>;
  for (const key of ['sub', 'id', 'userId', 'username', 'email']) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') return `${key}:${value}`;
  }
  return JSON.stringify(user);
}

/** Options with every default applied. */
export type ResolvedStreamableHttpOptions = Required<
  Omit<StreamableHttpOptions, 'allowedHosts' | 'allowedOrigins'>
> & { allowedHosts: Set<string>; allowedOrigins: Set<string> };

/** Applies the defaults once at bootstrap. */
export function resolveStreamableHttpOptions(
  options: StreamableHttpOptions = {},
): ResolvedStreamableHttpOptions {
  return {
    stateless: options.stateless ?? false,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? 30 * 60_000,
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    responseMode: options.responseMode ?? 'auto',
    sseRetryMs: options.sseRetryMs ?? 1000,
    sseKeepAliveMs: options.sseKeepAliveMs ?? 15_000,
    dnsRebindingProtection: options.dnsRebindingProtection ?? true,
    allowedHosts: new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase())),
    allowedOrigins: new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase())),
    principal: options.principal ?? principalFromUser,
  };
}
