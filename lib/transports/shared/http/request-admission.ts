import { CapacityError } from '../../../errors/capacity.error.js';
import type { JsonRpcRequest } from '../../../protocol/json-rpc.js';
import type { McpServerPort } from '../../server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../../server-port/mcp-session-port.interface.js';
import { capacityRefusal } from './http-refusal.js';

/**
 * Asks the server whether a POST's requests may start on `session` (not while draining, not over
 * the per-session in-flight cap); a refusal becomes 503/429 with `Retry-After`, carrying the
 * request's id, or for a JSON-RPC batch an array answering every request id in it. A POST
 * without requests (responses, notifications) always passes: clients must still be able to
 * answer and cancel while the server drains.
 */
export function admitRequests(
  server: McpServerPort,
  session: McpSessionPort,
  requests: readonly JsonRpcRequest[],
  batch = false,
): void {
  if (requests.length === 0) return;
  try {
    server.admitRequests?.(session, requests.length);
  } catch (error) {
    if (!(error instanceof CapacityError)) throw error;
    const ids = batch ? requests.map((r) => r.id) : undefined;
    throw capacityRefusal(error, batch ? null : requests[0]!.id, ids);
  }
}
