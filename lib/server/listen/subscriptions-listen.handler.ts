import { McpError } from '../../errors/mcp.error.js';
import type {
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
} from '../../protocol/schema/index.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { HandlerHost } from '../handlers/method-handler.interface.js';

/**
 * Serves `subscriptions/listen` (2026-07-28; params already validated by the method table's
 * modern schema, so wrong types were -32602 and unknown filter keys pass through): a long-running
 * request that acknowledges on the request's outlet, then resolves with the listen result only
 * when the stream ends (server shutdown), or when the client aborts (the transport then discards
 * the answer). Without a hub (`listen: false`) the method is unknown (-32601).
 */
export async function subscriptionsListen(
  params: SubscriptionsListenRequestParams,
  scope: RequestScope,
  host: HandlerHost,
): Promise<SubscriptionsListenResult> {
  const hub = host.listen;
  if (!hub || !scope.outlet) throw McpError.methodNotFound(scope.method);
  return hub.open({
    id: scope.requestId,
    filter: params.notifications,
    outlet: scope.outlet,
    signal: scope.signal,
  });
}
