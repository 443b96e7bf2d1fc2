import { McpError } from '../../errors/mcp.error.js';
import type {
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
} from '../../protocol/schema/index.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { HandlerHost } from './method-handler.interface.js';
import { declaresTasks, missingTasksExtension, taskOwner } from './task-call.js';

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
  const taskIds = await ownTaskIds(params.notifications.taskIds, scope, host);
  return hub.open({
    id: scope.requestId,
    filter: params.notifications,
    outlet: scope.outlet,
    signal: scope.signal,
    ...(taskIds && { taskIds }),
  });
}

/**
 * Tasks extension (`notifications.taskIds`): -32021 unless the request declares the extension;
 * honoured: the ids of tasks the caller owns (others are left out of the acknowledgement).
 */
async function ownTaskIds(
  requested: readonly string[] | undefined,
  scope: RequestScope,
  host: HandlerHost,
): Promise<string[] | undefined> {
  if (requested === undefined) return undefined;
  if (!declaresTasks(scope)) throw missingTasksExtension('A taskIds subscription');
  const owner = taskOwner(scope);
  const owned = await Promise.all(
    requested.map((id) =>
      host.tasks.get(id, owner).then(
        () => id,
        () => undefined,
      ),
    ),
  );
  return owned.filter((id): id is string => id !== undefined);
}
