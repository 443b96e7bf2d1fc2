import { CapacityError } from '../../../errors/capacity.error.js';
import type { RequestId } from '../../../protocol/json-rpc.js';
import { HttpRefusal } from './http-refusal.js';

/** The `Retry-After` header of a capacity refusal. */
export function retryAfterHeader(error: CapacityError): Record<string, string> {
  return { 'retry-after': String(error.data.retryAfterSeconds) };
}

/**
 * A capacity refusal as HTTP carrying the request id: 503 (server-wide limit or shutdown) or 429
 * (per principal, address or session), `Retry-After`, the -32000 JSON-RPC error body.
 */
export function capacityRefusal(error: CapacityError, id: RequestId | null): HttpRefusal {
  return new HttpRefusal(error.httpStatus, error.code, error.message, id, retryAfterHeader(error));
}
