import {
  resolveStreamableHttpOptions,
  type ResolvedStreamableHttpOptions,
  type StreamableHttpOptions,
} from '../http/streamable-http.options.js';

/**
 * Options of the legacy HTTP+SSE transport (protocol 2024-11-05). The `Host`/`Origin` checks are
 * the same as Streamable HTTP's and take the same options.
 */
export interface SseTransportOptions extends Pick<
  StreamableHttpOptions,
  'dnsRebindingProtection' | 'allowedHosts' | 'allowedOrigins'
> {
  /** Path of the SSE stream (GET). Default `'/sse'`. */
  path?: string;
  /**
   * Path clients POST their messages to, announced in the `endpoint` event as
   * `<messagesPath>?sessionId=<id>`. Default `'/messages'`.
   */
  messagesPath?: string;
  /** Interval of `: keepalive` comments on the stream (ms); 0 disables. Default 15 000. */
  keepAliveMs?: number;
  /** Largest accepted POST body in bytes; larger gets 413. Default 4 MiB. */
  maxBodyBytes?: number;
}

/** {@link SseTransportOptions} with every default applied. */
export interface ResolvedSseTransportOptions {
  path: string;
  messagesPath: string;
  keepAliveMs: number;
  maxBodyBytes: number;
  /** The origin-guard settings, in the shape `checkOrigin` takes. */
  origin: ResolvedStreamableHttpOptions;
}

/** Normalises a route path to `/a/b` form (`''` becomes `/`). */
export function normaliseRoutePath(path: string): string {
  return '/' + path.split('/').filter(Boolean).join('/');
}

/** Applies the defaults once, at construction. */
export function resolveSseTransportOptions(
  options: SseTransportOptions = {},
): ResolvedSseTransportOptions {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  if (!Number.isFinite(keepAliveMs) || keepAliveMs < 0) {
    throw new RangeError('SSE keepAliveMs must be a finite number >= 0');
  }
  if (!(maxBodyBytes > 0)) throw new RangeError('SSE maxBodyBytes must be > 0');
  return {
    path: normaliseRoutePath(options.path ?? '/sse'),
    messagesPath: normaliseRoutePath(options.messagesPath ?? '/messages'),
    keepAliveMs,
    maxBodyBytes,
    origin: resolveStreamableHttpOptions({
      dnsRebindingProtection: options.dnsRebindingProtection,
      allowedHosts: options.allowedHosts,
      allowedOrigins: options.allowedOrigins,
    }),
  };
}
