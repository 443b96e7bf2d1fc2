/** A transport failure: refused, closed, HTTP error, child process exit, protocol mismatch. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** Machine-readable kind of failure. */
    readonly kind: 'refused' | 'closed' | 'http' | 'exited' | 'protocol',
    /** HTTP status or process exit code, when there is one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}
