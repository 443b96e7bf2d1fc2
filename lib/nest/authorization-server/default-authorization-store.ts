import type { McpAuthorizationServer } from '../../authorization-server/mcp-authorization-server.js';
import { redisAuthorizationStore } from '../../authorization-server/store/redis-authorization-store.js';
import type { McpRedisStores } from '../../stores/redis/create-redis-stores.js';

/**
 * Puts the in-app authorization server's records on the MCP module's Redis connection (the
 * `redis` option) when its own options name no store: keys `<keyPrefix>as:...`, shared by every
 * instance, on whatever deployment the option names (a single Redis, Sentinel or a Cluster).
 * Without the `redis` option, or with a `store` option, nothing changes.
 */
export function shareRedisWithAuthorizationServer(
  authorizationServer: McpAuthorizationServer | undefined,
  redis: McpRedisStores | undefined,
): void {
  if (!authorizationServer || !redis) return;
  const { client, keys, options } = redis.connection;
  authorizationServer.useDefaultStore(
    redisAuthorizationStore(client, {
      prefix: keys.plain('as:'),
      // The connection's client already fails a command after its `commandTimeoutMs`.
      commandTimeoutMs: 0,
      ...(options.logger && { logger: options.logger }),
    }),
  );
}
