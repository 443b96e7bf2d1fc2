/**
 * Limits of `subscriptions/listen` streams (protocol revision 2026-07-28), the `listen` option of
 * the server and of `McpModule.forRoot()`. `listen: false` turns the method off (serverless hosts).
 */
export interface ListenOptions {
  /** @deprecated Use `limits.maxStreams` (same meaning; read only when that is absent). */
  maxStreams?: number;
  /** Interval of the `:` keep-alive comments on a listen stream served as HTTP SSE, in ms. Default 15 000. */
  keepAliveMs?: number;
}

/** The `listen` option after defaults: limits of an enabled hub. */
export interface ListenLimits {
  /** Most streams open at once. */
  readonly maxStreams: number;
  /** Keep-alive interval of HTTP listen streams, in ms. */
  readonly keepAliveMs: number;
  /** `Retry-After` of a refused stream, in seconds. */
  readonly retryAfterSeconds: number;
}

/** Default of {@link ListenOptions.keepAliveMs}. */
export const DEFAULT_LISTEN_KEEP_ALIVE_MS = 15_000;

/**
 * Applies the defaults; `undefined` when listen is switched off (`listen: false`). The stream cap
 * and `Retry-After` come from the server's resolved `limits`.
 */
export function resolveListenLimits(
  option: false | ListenOptions | undefined,
  limits: { readonly maxStreams: number; readonly retryAfterSeconds: number },
): ListenLimits | undefined {
  if (option === false) return undefined;
  return {
    maxStreams: limits.maxStreams,
    keepAliveMs: option?.keepAliveMs ?? DEFAULT_LISTEN_KEEP_ALIVE_MS,
    retryAfterSeconds: limits.retryAfterSeconds,
  };
}
