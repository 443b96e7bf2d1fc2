import type { McpLogger } from '../../engine/logger.interface.js';
import type { RedisClient } from '../../stores/redis/load-ioredis.js';
import { SharedDeadline } from '../../stores/shared-deadline.js';
import { StoreFailureLog } from '../../stores/store-failure-log.js';
import { runEachCall } from './run-each-call.js';
import type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './authorization-store.interface.js';

/** Options of {@link redisAuthorizationStore}. */
export interface RedisAuthorizationStoreOptions {
  /** Key prefix, without `{` or `}`. Default `'mcp:as:'`. */
  prefix?: string;
  /**
   * Where a Redis outage is logged: its first failed command with the driver's text and a
   * reference, then its end, two lines per outage. Default `console`.
   */
  logger?: McpLogger;
  /**
   * How long one store call may go unanswered before it fails as an outage (a frozen Redis that
   * keeps its connections open), in ms (a late call fails within a quarter more: one sweep timer
   * checks every pending call); 0 leaves it to the client's own `commandTimeout` (ioredis
   * `commandTimeout`, which the MCP module's own connection has). Default 3000.
   */
  commandTimeoutMs?: number;
}

/** Default of {@link RedisAuthorizationStoreOptions.commandTimeoutMs}. */
const DEFAULT_COMMAND_TIMEOUT_MS = 3000;

/** Longest life of an index key (a grant's member list), seconds: the longest record TTL. */
const INDEX_TTL_SECONDS = 30 * 24 * 3600;

/**
 * KEYS: the record, its consumed mark (one slot: both carry the id as a hash tag). ARGV: epoch
 * seconds. Sets the mark only when the record exists and has none, with the record's expiry;
 * 1 when this call set it.
 */
const CONSUME_ONCE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
local set
if ttl > 0 then
  set = redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ttl)
else
  set = redis.call('SET', KEYS[2], ARGV[1], 'NX')
end
if set then return 1 end
return 0
`;

type ScriptClient = RedisClient & {
  mcpAsConsumeOnce?(record: string, mark: string, now: number): Promise<number>;
};

/**
 * Records in Redis, shared by every instance and kept across restarts: one string key per record
 * (`<prefix><model>:{<id>}`, JSON, `EX` its lifetime) beside its consumed mark
 * (`<prefix><model>:{<id>}:consumed`, same hash tag, so same Redis Cluster slot); a
 * `<prefix>uid:<model>:<uid>` pointer for session lookups and a `<prefix>grant:<grantId>` set of
 * the keys a grant owns, so revoking a grant (reuse of a refresh token, RFC 7009) deletes every
 * token of its family. `consume` is one Lua script (mark set only if absent, `SET NX`), so of
 * concurrent redemptions on any number of instances exactly one wins; `find` reads record and
 * mark in one `MGET`. Every command and script touches keys of one slot: it runs on a sharded
 * Redis Cluster. Pass an `ioredis` client or Cluster (the MCP module's connection is used by
 * default, see `McpAuthorizationServerModule`); it is not closed here. While Redis cannot be
 * reached (refused, failed over, frozen past `commandTimeoutMs`) every method rejects with a
 * `StoreUnavailableError` (the authorization server answers 503 `temporarily_unavailable` with
 * `Retry-After`); the driver's text is logged once per outage, never sent.
 */
export function redisAuthorizationStore(
  redis: RedisClient,
  options: RedisAuthorizationStoreOptions = {},
): McpAuthorizationStore {
  const prefix = options.prefix ?? 'mcp:as:';
  if (/[{}]/.test(prefix))
    throw new RangeError('redisAuthorizationStore: prefix must not hold { or }');
  const client = redis as ScriptClient;
  if (typeof client.mcpAsConsumeOnce !== 'function') {
    client.defineCommand('mcpAsConsumeOnce', { numberOfKeys: 2, lua: CONSUME_ONCE });
  }
  const timeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 0)
    throw new RangeError('redisAuthorizationStore: commandTimeoutMs must be 0 or more');
  const failures = new StoreFailureLog(
    'Redis authorization store',
    describeClient(redis),
    options.logger ?? console,
  );
  // One sweep timer for every pending call, not a timer per call (see SharedDeadline).
  const deadline = timeoutMs > 0 ? new SharedDeadline(timeoutMs) : undefined;
  const run = <T>(what: string, call: () => Promise<T>): Promise<T> =>
    failures.run(what, deadline ? () => deadline.within(call()) : call);
  return (model) => {
    const key = (id: string) => `${prefix}${model}:{${id}}`;
    const markOf = (recordKey: string) => `${recordKey}:consumed`;
    const parse = (text: string | null, consumed?: string | null) => {
      if (text === null) return undefined;
      try {
        const record = JSON.parse(text) as McpAuthorizationRecord;
        if (consumed) record.consumed = Number(consumed);
        return record;
      } catch {
        return undefined; // a damaged record reads as absent
      }
    };
    const read = async (recordKey: string) => {
      const [text, consumed] = await redis.mget(recordKey, markOf(recordKey));
      return parse(text ?? null, consumed);
    };
    const findByPointer = async (pointer: string) => {
      const target = await redis.get(pointer);
      return target === null ? undefined : read(target);
    };
    const adapter: McpAuthorizationStoreAdapter = {
      async upsert(id, payload, expiresIn) {
        const k = key(id);
        const text = JSON.stringify(payload);
        const ttl = expiresIn === undefined ? undefined : Math.max(1, Math.ceil(expiresIn));
        const write = redis.multi();
        if (ttl === undefined) write.set(k, text);
        else write.set(k, text, 'EX', ttl);
        await write.del(markOf(k)).exec(); // a replaced record starts unconsumed
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
      find: (id) => read(key(id)),
      findByUid: (uid) => findByPointer(`${prefix}uid:${model}:${uid}`),
      findByUserCode: (code) => findByPointer(`${prefix}usercode:${model}:${code}`),
      async consume(id) {
        const k = key(id);
        const now = Math.floor(Date.now() / 1000);
        return (await client.mcpAsConsumeOnce!(k, markOf(k), now)) === 1;
      },
      async destroy(id) {
        const k = key(id);
        await redis.del(k, markOf(k));
      },
      async revokeByGrantId(grantId) {
        const grantKey = `${prefix}grant:${grantId}`;
        const members = await redis.smembers(grantKey);
        const mine = members.filter((member) => member.startsWith(`${prefix}${model}:`));
        // One DEL per record (its two keys share a slot; records of a grant do not).
        for (const member of mine) await redis.del(member, markOf(member));
        if (mine.length > 0) await redis.srem(grantKey, ...mine);
      },
    };
    return runEachCall(adapter, run);
  };
}

/** Where `redis` points, for the log (no credentials). */
function describeClient(redis: RedisClient): string {
  if ((redis as { isCluster?: boolean }).isCluster === true) return 'a Redis Cluster';
  const { host, port } = (redis.options ?? {}) as { host?: string; port?: number };
  return host === undefined ? 'Redis' : `${host}:${String(port)}`;
}
