import { CapacityError } from '../../errors/capacity.error.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isEnvelopeError } from '../../protocol/modern/envelope-error.js';

const STATUS: ReadonlyMap<number, number> = new Map([
  [ErrorCode.HeaderMismatch, 400],
  [ErrorCode.MissingRequiredClientCapability, 400],
  [ErrorCode.UnsupportedProtocolVersion, 400],
  [ErrorCode.MethodNotFound, 404],
]);

/**
 * HTTP status of a 2026-07-28 error reply (plan §5): -32020/-32021/-32022 and envelope -32602
 * are 400, -32601 is 404, a capacity refusal (a listen stream over `limits.maxStreams`, the server
 * draining) is 503 or 429, a store that is down (`StoreUnavailableError`) 503, every other JSON-RPC error is 200 with the error body.
 */
export function modernErrorStatus(error: unknown, code: number): number {
  if (error instanceof CapacityError) return error.httpStatus;
  if (error instanceof StoreUnavailableError) return 503;
  return STATUS.get(code) ?? (isEnvelopeError(error) ? 400 : 200);
}
