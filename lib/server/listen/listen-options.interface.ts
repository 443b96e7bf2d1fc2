/**
 * Limits of `subscriptions/listen` streams (protocol revision 2026-07-28), the `listen` option of
 * the server and of `McpModule.forRoot()`. `listen: false` turns the method off (serverless hosts).
 */
export interface ListenOptions {
  /**
   * Most listen streams open at once on this server instance; one more is refused with a
   * JSON-RPC error (code -32000, `data: { limit }`). Default 1000.
   */
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
}

/** Default of {@link ListenOptions.maxStreams}. */
export const DEFAULT_LISTEN_MAX_STREAMS = 1000;
/** Default of {@link ListenOptions.keepAliveMs}. */
export const DEFAULT_LISTEN_KEEP_ALIVE_MS = 15_000;

/** Applies the defaults; `undefined` when listen is switched off (`listen: false`). */
export function resolveListenLimits(
  option: false | ListenOptions | undefined,
): ListenLimits | undefined {
  if (option === false) return undefined;
  return {
    maxStreams: option?.maxStreams ?? DEFAULT_LISTEN_MAX_STREAMS,
    keepAliveMs: option?.keepAliveMs ?? DEFAULT_LISTEN_KEEP_ALIVE_MS,
  };
}
