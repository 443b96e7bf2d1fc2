import { ErrorCode } from '../../protocol/error-codes.js';
import {
  STORE_RETRY_AFTER_SECONDS,
  StoreUnavailableError,
} from '../../errors/store-unavailable.error.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';

/**
 * A session or event store failure (or a message the bus did not take) as the HTTP answer: 503
 * with the store's message after `what` failed, retry later.
 */
export function storeRefusal(error: unknown, what = 'Session store unavailable'): HttpRefusal {
  // Only our own store error's text (generic, with a log reference) reaches the client; a custom
  // store's or a driver's message stays in the log.
  const detail = error instanceof StoreUnavailableError ? `: ${error.message}` : '';
  return new HttpRefusal(503, ErrorCode.InternalError, `${what}${detail}`, null, {
    'retry-after': String(STORE_RETRY_AFTER_SECONDS),
  });
}

/**
 * Waits for the messages a POST forwarded to other instances over the bus; a failure becomes the
 * 503 of {@link storeRefusal}: the client learns that its message went nowhere and may send it
 * again (a repeated answer or cancellation is ignored by the instance that already has it).
 * Undefined when nothing was forwarded (`notifications/initialized` of every handshake): nothing
 * to wait for, not even a turn of the event loop.
 */
export function awaitForwarded(
  forwarded: Array<Promise<void> | undefined>,
): Promise<void> | undefined {
  let sent = false;
  for (const message of forwarded) if (message !== undefined) sent = true;
  if (!sent) return undefined;
  return Promise.all(forwarded).then(
    () => undefined,
    (error: unknown) => {
      throw storeRefusal(error, 'The message could not be passed to the instance that awaits it');
    },
  );
}
