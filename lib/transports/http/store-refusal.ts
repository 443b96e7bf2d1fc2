import { ErrorCode } from '../../protocol/error-codes.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';

/** A session or event store failure as the HTTP answer: 503 with the store's message, retry later. */
export function storeRefusal(error: unknown): HttpRefusal {
  // Only our own store error's text (generic, with a log reference) reaches the client; a custom
  // store's or a driver's message stays in the log.
  const detail = error instanceof StoreUnavailableError ? `: ${error.message}` : '';
  return new HttpRefusal(503, ErrorCode.InternalError, `Session store unavailable${detail}`, null, {
    'retry-after': '1',
  });
}
