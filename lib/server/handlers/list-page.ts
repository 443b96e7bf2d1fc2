import { McpContext } from '../context/mcp-context.js';
import { paginate } from '../registry/pagination.js';
import { sharedMemberResult } from '../../protocol/shared-json.js';
import type { RegistryView } from '../registry/registry-view.interface.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { HandlerHost } from './method-handler.interface.js';

/**
 * One page of a list method (`tools/list`, `prompts/list`, ...): the descriptors this caller
 * may see, under `key`, with `nextCursor` when more follow. The cached descriptor list is sent
 * as is (never mutated), so the common case allocates nothing but the result object, and its
 * JSON text is encoded once (see `lib/protocol/shared-json.ts`).
 */
export async function listPage<K extends string, D>(
  key: K,
  view: RegistryView<unknown, D>,
  params: { cursor?: string | undefined } | undefined,
  scope: RequestScope,
  host: HandlerHost,
): Promise<Record<K, D[]> & { nextCursor?: string }> {
  const items = await view.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, params?.cursor, host.pageSize);
  // A cached page (no per-caller filtering): its JSON is encoded once, not per response.
  const result = (
    Object.isFrozen(page) ? sharedMemberResult(key, page) : { [key]: page }
  ) as Record<K, D[]> & { nextCursor?: string };
  if (nextCursor) result.nextCursor = nextCursor;
  return result;
}
