/** A reply body: its byte chunks in order, and a way to stop reading it (frees the connection). */
export interface HttpReplyBody extends AsyncIterable<Uint8Array> {
  cancel(): Promise<void>;
}

/**
 * The part of an HTTP reply the client transports read. A fetch `Response` is one (a user's
 * `fetch`); so is the lighter reply of the transport's own `node:http` path, which skips building
 * web streams and `Headers` on the hot path.
 */
export interface HttpReplyLike {
  readonly status: number;
  readonly statusText: string;
  /** True for a 2xx status. */
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: HttpReplyBody | null;
}
