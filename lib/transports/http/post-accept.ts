/** {@link acceptedReplies}: the `Accept` header names `text/event-stream`. */
export const NAMES_SSE = 1;
/** {@link acceptedReplies}: an SSE reply is acceptable (named, or `*\/*`). */
export const ACCEPTS_SSE = 2;
/** {@link acceptedReplies}: the header names `application/json`. */
export const ACCEPTS_JSON = 4;

/** The last header scanned and its flags: a client sends the same `Accept` on every request. */
let lastAccept: string | undefined;
let lastFlags = 0;

/**
 * What a POST's `Accept` header allows of the two reply forms, as flags ({@link NAMES_SSE},
 * {@link ACCEPTS_SSE}, {@link ACCEPTS_JSON}). Substring scans, as lenient as before: no media
 * range parsing. The value of the previous call is remembered: a request with the same header as
 * the one before costs a string compare instead of up to three scans.
 */
export function acceptedReplies(accept: string): number {
  if (accept === lastAccept) return lastFlags;
  const namesSse = accept.includes('text/event-stream');
  const flags =
    (namesSse ? NAMES_SSE : 0) |
    (namesSse || accept.includes('*/*') ? ACCEPTS_SSE : 0) |
    (accept.includes('application/json') ? ACCEPTS_JSON : 0);
  lastAccept = accept;
  lastFlags = flags;
  return flags;
}
