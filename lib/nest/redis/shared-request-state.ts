import type { RequestStateOptions } from '../../server/mrtr/request-state-codec.js';
import type { McpRedisStores } from '../../stores/redis/create-redis-stores.js';
import { sharedRequestStateKey } from '../../stores/redis/shared-request-state-key.js';

/**
 * The `requestState` options of a server on Redis: configured `keys` win (they must then be
 * the same on every instance); without them, the key shared through Redis.
 */
export async function withSharedRequestStateKey(
  options: RequestStateOptions | undefined,
  redis: McpRedisStores | undefined,
): Promise<RequestStateOptions | undefined> {
  if (!redis || (options?.keys?.length ?? 0) > 0) return options;
  return { ...options, keys: [await sharedRequestStateKey(redis.connection)] };
}
