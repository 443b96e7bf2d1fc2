import type { LimitCounters, LimitSet, WindowHit } from '../limit-counters.interface.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';
import { LIMIT_SCRIPTS, type LimitScriptCommands } from './redis-limit-scripts.js';

/**
 * {@link LimitCounters} in Redis, shared by the instances of a service. A capped set is a sorted
 * set of member ids scored by their expiry (`<prefix>limits:{limits}:<name>`): admission sheds the
 * expired members, counts the rest and adds the new one in one Lua script, so two instances never
 * both take the last place; a release removes the member from every set it joined (listed in its
 * member key), wherever it happens; a member nobody releases (its instance crashed) stops counting
 * at its expiry, which holders extend with `renew`. Rates are `INCR` counters expiring with their
 * window. Every key carries the hash tag `{limits}` (one Redis Cluster slot).
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisLimitCounters implements LimitCounters {
  constructor(private readonly redis: RedisConnection) {
    for (const [name, script] of Object.entries(LIMIT_SCRIPTS)) {
      redis.client.defineCommand(name, script);
    }
  }

  async admit(sets: readonly LimitSet[], member: string, ttlMs: number): Promise<number> {
    const keys = sets.map((set) => this.key(set.name));
    keys.push(this.memberKey(member));
    const maxima = sets.map((set) => set.max);
    const full = await this.redis.run('limit admit', (c) =>
      scripts(c).mcpLimitAdmit(keys.length, ...keys, Math.ceil(ttlMs), member, ...maxima),
    );
    return Number(full);
  }

  async release(member: string): Promise<void> {
    await this.redis.run('limit release', (c) =>
      scripts(c).mcpLimitRelease(this.memberKey(member), member),
    );
  }

  async renew(member: string, ttlMs: number): Promise<void> {
    await this.renewMany([member], ttlMs);
  }

  async renewMany(members: readonly string[], ttlMs: number): Promise<void> {
    for (let at = 0; at < members.length; at += RENEW_BATCH) {
      const batch = members.slice(at, at + RENEW_BATCH);
      const keys = batch.map((member) => this.memberKey(member));
      await this.redis.run('limit renew', (c) =>
        scripts(c).mcpLimitRenew(keys.length, ...keys, Math.ceil(ttlMs), ...batch),
      );
    }
  }

  async hit(key: string, windowMs: number, limit: number, blockMs = 0): Promise<WindowHit> {
    const window = this.key(`rate:${key}`);
    const [hits, resetInMs, blockedForMs] = (await this.redis.run('limit hit', (c) =>
      scripts(c).mcpLimitHit(window, `${window}:blocked`, Math.ceil(windowMs), limit, blockMs),
    )) as [number, number, number];
    return { hits, resetInMs, blockedForMs };
  }

  private key(name: string): string {
    return this.redis.keys.limit(name);
  }

  private memberKey(member: string): string {
    return this.redis.keys.limit(`member:${member}`);
  }
}

/** Members one renewal script call extends (bounds the time one script holds Redis). */
const RENEW_BATCH = 200;

/** The command client with the limit scripts (defined in the constructor). */
function scripts(client: RedisClient): LimitScriptCommands {
  return client as unknown as LimitScriptCommands;
}
