import { CAPACITY_ERROR_CODE, CapacityError } from './capacity.error.js';

/** JSON-RPC code of a refused listen stream: the capacity code (-32000). */
export const LISTEN_LIMIT_ERROR_CODE = CAPACITY_ERROR_CODE;

/**
 * A `subscriptions/listen` stream refused because the server already serves its `maxStreams`
 * (`data: { limit: 'maxStreams', max, retryAfterSeconds }`); Streamable HTTP answers it with 503
 * and `Retry-After`, like every server-wide {@link CapacityError}.
 */
export class ListenLimitError extends CapacityError {
  constructor(
    /** The configured `limits.maxStreams`. */
    readonly limit: number,
    retryAfterSeconds = 1,
  ) {
    super('maxStreams', `Too many listen streams (limit ${limit})`, retryAfterSeconds, limit);
    this.name = 'ListenLimitError';
  }
}
