/**
 * The client and the server found no protocol revision to speak (client side, before or during
 * the connection): the server's `server/discover` or `-32022` lists none of the revisions the
 * client may use, a pinned revision is not offered, or the server rejected the revision it had
 * advertised. `supported` is what the server offered (when it said), `requested` what the client
 * wanted.
 */
export class VersionNegotiationError extends Error {
  constructor(
    message: string,
    /** The revisions the server offered, when it named them. */
    readonly supported: readonly string[] = [],
    /** The revision the client asked for or was pinned to, when there was one. */
    readonly requested?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VersionNegotiationError';
  }
}
