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
): Promise<ListResult<K, D>> {
  const items = await view.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, params?.cursor, host.pageSize);
  return pageResult(key, page, nextCursor);
}

/** A list method's result: one page under its key, and the cursor of the next one. */
type ListResult<K extends string, D> = Record<K, D[]> & { nextCursor?: string };

/**
 * A list result holding `page` under `key`, and `nextCursor` when there is a next page. A cached
 * page (frozen: no per-caller filtering) is its shared member, whose JSON is encoded once, not per
 * response.
 */
export function pageResult<K extends string, D>(
  key: K,
  page: readonly D[],
  nextCursor?: string,
): ListResult<K, D> {
  const shared = Object.isFrozen(page) ? sharedMemberResult(key, page) : { [key]: page };
  const result = shared as ListResult<K, D>;
  if (nextCursor) result.nextCursor = nextCursor;
  return result;
}
