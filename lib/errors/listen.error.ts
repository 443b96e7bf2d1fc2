/**
 * Why a client-side `subscriptions/listen` stream failed:
 * - `'not-acknowledged'`: no `notifications/subscriptions/acknowledged` within the wait
 *   (`listenAckTimeoutMs`); the listen request is cancelled;
 * - `'not-honoured'`: the acknowledgement left out what was asked (e.g. a resource URI of
 *   `subscribeResource()` on a server without `resources.subscribe`);
 * - `'unsupported'`: the connection speaks the legacy (2025) era, which has no listen.
 */
export type ListenErrorReason = 'not-acknowledged' | 'not-honoured' | 'unsupported';

/** A `subscriptions/listen` stream (2026-07-28) that could not deliver what was asked. */
export class ListenError extends Error {
  constructor(
    /** What went wrong. */
    readonly reason: ListenErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}
