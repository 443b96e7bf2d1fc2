import type { RedisClient } from '../../../stores/redis/load-ioredis.js';
import type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './authorization-store.interface.js';

/** Options of {@link redisAuthorizationStore}. */
export interface RedisAuthorizationStoreOptions {
  /** Key prefix. Default `'mcp:as:'`. */
  prefix?: string;
}

/** Longest life of an index key (a grant's member list), seconds: the longest record TTL. */
const INDEX_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Records in Redis, shared by every instance and kept across restarts: one string key per record
 * (`<prefix><model>:<id>`, JSON, `EX` its lifetime), a `<prefix>uid:<model>:<uid>` pointer for
 * session lookups and a `<prefix>grant:<grantId>` set of the keys a grant owns, so revoking a
 * grant (reuse of a refresh token, RFC 7009) deletes every token of its family. Pass the app's
 * `ioredis` client (the one the MCP module's Redis stores use, or your own); it is not closed here.
 */
export function redisAuthorizationStore(
  redis: RedisClient,
  options: RedisAuthorizationStoreOptions = {},
): McpAuthorizationStore {
  const prefix = options.prefix ?? 'mcp:as:';
  return (model) => {
    const key = (id: string) => `${prefix}${model}:${id}`;
    const parse = (text: string | null): McpAuthorizationRecord | undefined => {
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as McpAuthorizationRecord;
      } catch {
        return undefined; // a damaged record reads as absent
      }
    };
    const findByPointer = async (pointer: string) => {
      const target = await redis.get(pointer);
      return target === null ? undefined : parse(await redis.get(target));
    };
    const adapter: McpAuthorizationStoreAdapter = {
      async upsert(id, payload, expiresIn) {
        const k = key(id);
        const text = JSON.stringify(payload);
        const ttl = expiresIn === undefined ? undefined : Math.max(1, Math.ceil(expiresIn));
        if (ttl === undefined) await redis.set(k, text);
        else await redis.set(k, text, 'EX', ttl);
        if (typeof payload.grantId === 'string') {
          const grantKey = `${prefix}grant:${payload.grantId}`;
          await redis.sadd(grantKey, k);
          await redis.expire(grantKey, Math.max(ttl ?? INDEX_TTL_SECONDS, INDEX_TTL_SECONDS));
        }
        if (typeof payload.uid === 'string') {
          await redis.set(
            `${prefix}uid:${model}:${payload.uid}`,
            k,
            'EX',
            ttl ?? INDEX_TTL_SECONDS,
          );
        }
        if (typeof payload.userCode === 'string') {
          const pointer = `${prefix}usercode:${model}:${payload.userCode}`;
          await redis.set(pointer, k, 'EX', ttl ?? INDEX_TTL_SECONDS);
        }
      },
      find: async (id) => parse(await redis.get(key(id))),
      findByUid: (uid) => findByPointer(`${prefix}uid:${model}:${uid}`),
      findByUserCode: (code) => findByPointer(`${prefix}usercode:${model}:${code}`),
      async consume(id) {
        const k = key(id);
        const record = parse(await redis.get(k));
        if (!record) return;
        record.consumed = Math.floor(Date.now() / 1000);
        await redis.set(k, JSON.stringify(record), 'KEEPTTL');
      },
      async destroy(id) {
        await redis.del(key(id));
      },
      async revokeByGrantId(grantId) {
        const grantKey = `${prefix}grant:${grantId}`;
        const members = await redis.smembers(grantKey);
        const mine = members.filter((member) => member.startsWith(`${prefix}${model}:`));
        for (const member of mine) await redis.del(member);
        if (mine.length > 0) await redis.srem(grantKey, ...mine);
      },
    };
    return adapter;
  };
}
