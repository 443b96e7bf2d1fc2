/**
 * The upstream identity provider could not be reached or answered something unusable. The
 * sign-in page shows `message` (never a stack); `cause` keeps the detail for the log.
 */
export class UpstreamSignInError extends Error {
  /** The upstream's HTTP status, when it answered. */
  readonly status?: number;

  constructor(
    message: string,
    /** The upstream's name (`github`). */
    readonly provider: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    if (options?.status !== undefined) this.status = options.status;
    this.name = 'UpstreamSignInError';
  }
}
