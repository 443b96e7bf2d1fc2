/**
 * The upstream identity provider could not be reached or answered something unusable. The
 * sign-in page shows `message` (never a stack); `cause` keeps the detail for the log.
 */
export class UpstreamSignInError extends Error {
  constructor(
    message: string,
    /** The upstream's name (`github`). */
    readonly provider: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamSignInError';
  }
}
