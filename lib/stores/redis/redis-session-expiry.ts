import type { EndedSession, SessionRecord } from '../session-store.interface.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';

/** A script and the number of KEYS it takes, as ioredis `defineCommand` wants it. */
interface ExpiryScript {
  readonly numberOfKeys: number;
  readonly lua: string;
}

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * The scripts of the expiry index. Each touches ONE key (valid on a sharded Redis Cluster); time
 * is Redis's own (`TIME`), so the instances' clocks do not matter.
 */
const EXPIRY_SCRIPTS = {
  /** KEYS: index. ARGV: id, dueInMs. Lists a session (kept as it is when listed already). */
  mcpSessionTrack: {
    numberOfKeys: 1,
    lua: `${NOW}
redis.call('ZADD', KEYS[1], 'NX', now + tonumber(ARGV[2]), ARGV[1])`,
  },
  /** KEYS: index. ARGV: id, dueInMs. Moves a listed session's check (absent: nothing). */
  mcpSessionReschedule: {
    numberOfKeys: 1,
    lua: `${NOW}
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])`,
  },
  /** KEYS: index. ARGV: limit. The sessions due now, oldest first. */
  mcpSessionDue: {
    numberOfKeys: 1,
    lua: `${NOW}
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))`,
  },
  /**
   * KEYS: record. ARGV: the end mark, its life in ms. The record's remaining life in ms; -2 when
   * it is gone, after putting the end mark in its place (as a request finding it gone does), so
   * the session's end is decided once: a later request reads the mark, not a missing record.
   */
  mcpSessionRemaining: {
    numberOfKeys: 1,
    lua: `
local text = redis.call('GET', KEYS[1])
if text == ARGV[1] then return -2 end
if not text then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
  return -2
end
return redis.call('PTTL', KEYS[1])`,
  },
  /**
   * KEYS: last record. ARGV: the record, its state revision, its life in ms. Keeps the record
   * unless the one kept has a newer state revision: instances flush their last records on their
   * own timers, so an older state can arrive after a newer one written elsewhere.
   */
  mcpSessionKeepLast: {
    numberOfKeys: 1,
    lua: `
local kept = redis.call('GET', KEYS[1])
if kept then
  local ok, old = pcall(cjson.decode, kept)
  if ok and type(old) == 'table' and (tonumber(old.stateRevision) or 0) > tonumber(ARGV[2]) then
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[3]))
return 1`,
  },
} satisfies Record<string, ExpiryScript>;

type ExpiryScriptCommands = {
  [Name in keyof typeof EXPIRY_SCRIPTS]: (...args: (string | number)[]) => Promise<unknown>;
};

/** How many due sessions one sweep examines at most. */
const SWEEP_BATCH = 200;
/** Least time the last record outlives the record itself (ms). */
const MIN_LAST_GRACE_MS = 60_000;

/**
 * The expiry index of {@link RedisSessionStore}: Redis expires a session's record by itself and
 * tells nobody, so every session is listed in a sorted set (`<prefix>session-expiry`) scored by
 * when its record is due to be checked, and its last record written is kept beside it
 * (`<prefix>session-last:<id>`, outliving the record). A sweep (any instance, periodically) reads
 * the due ones: a record still there is checked again at its new expiry (its last record's life
 * extended too), a record gone is claimed with `ZREM`, which answers 1 to one caller only in the
 * whole service; the claimer gets the last record and runs the session-ended hook. Requests never
 * touch the index: a sweep costs one command, plus about three per due session.
 * No keyspace notifications are needed (they are not delivered reliably, nor across the nodes
 * of a Redis Cluster), so it works the same on a single Redis, Sentinel or Cluster.
 */
export class RedisSessionExpiry {
  constructor(
    private readonly redis: RedisConnection,
    /** What stands in a record's key once a lost record ended its session. */
    private readonly endMark: string,
    /** How long that mark stays (ms). */
    private readonly endMarkTtlMs: number,
  ) {
    for (const [name, script] of Object.entries(EXPIRY_SCRIPTS)) {
      redis.client.defineCommand(name, script);
    }
  }

  /** Lists a session, due for a check when its record would expire (`ttlMs` from now). */
  async track(id: string, ttlMs: number): Promise<void> {
    await this.redis.run('session track', (c) =>
      scripts(c).mcpSessionTrack(this.index, id, Math.ceil(ttlMs)),
    );
  }

  /**
   * Keeps the last record written of a session past the record's expiry, unless the one kept
   * already has a newer state revision.
   */
  async keepLast(record: SessionRecord, text: string, ttlMs: number): Promise<void> {
    await this.redis.run('session keep', (c) =>
      scripts(c).mcpSessionKeepLast(
        this.last(record.id),
        text,
        record.stateRevision ?? 0,
        lastTtl(ttlMs),
      ),
    );
  }

  /** Claims the sessions whose records are gone, each for one caller in the whole service. */
  async claimExpired(limit = SWEEP_BATCH): Promise<EndedSession[]> {
    const due = (await this.redis.run('session sweep', (c) =>
      scripts(c).mcpSessionDue(this.index, limit),
    )) as string[];
    const claimed = await Promise.all(due.map((id) => this.examine(id)));
    return claimed.filter((ended): ended is EndedSession => ended !== undefined);
  }

  /** Claims one session whose record was found gone; undefined when claimed elsewhere or unknown. */
  async claim(id: string): Promise<EndedSession | undefined> {
    const won = await this.redis.run('session claim', (c) => c.zrem(this.index, id));
    if (won !== 1) return undefined;
    const text = await this.redis.run('session last', (c) => c.getdel(this.last(id)));
    return { id, record: parseLast(id, text) };
  }

  /** Forgets a session ended on purpose (DELETE): no sweep claims it afterwards. */
  async forget(id: string): Promise<void> {
    await this.redis.run('session forget', (c) => c.zrem(this.index, id));
  }

  /** Drops the last record of a session that ended (DELETE). */
  async dropLast(id: string): Promise<void> {
    await this.redis.run('session forget', (c) => c.del(this.last(id)));
  }

  private async examine(id: string): Promise<EndedSession | undefined> {
    const key = this.redis.keys.session(id);
    const remaining = Number(
      await this.redis.run('session check', (c) =>
        scripts(c).mcpSessionRemaining(key, this.endMark, this.endMarkTtlMs),
      ),
    );
    if (remaining === -2) return this.claim(id);
    // Alive (a record without expiry, -1, is looked at again a minute later).
    const dueInMs = remaining >= 0 ? remaining + 1 : MIN_LAST_GRACE_MS;
    await Promise.all([
      this.redis.run('session check', (c) =>
        scripts(c).mcpSessionReschedule(this.index, id, dueInMs),
      ),
      this.redis.run('session keep', (c) => c.pexpire(this.last(id), lastTtl(dueInMs))),
    ]);
    return undefined;
  }

  private get index(): string {
    return this.redis.keys.sessionExpiry();
  }

  private last(id: string): string {
    return this.redis.keys.sessionLast(id);
  }
}

/** The life of a last record: the record's, plus as long again (a minute at least). */
function lastTtl(ttlMs: number): number {
  return Math.ceil(ttlMs + Math.max(ttlMs, MIN_LAST_GRACE_MS));
}

function parseLast(id: string, text: string | null): SessionRecord | undefined {
  if (text === null) return undefined;
  try {
    const record = JSON.parse(text) as SessionRecord;
    return record?.id === id && record.protocol ? record : undefined;
  } catch {
    return undefined;
  }
}

/** The command client with the expiry scripts (defined in the constructor). */
function scripts(client: RedisClient): ExpiryScriptCommands {
  return client as unknown as ExpiryScriptCommands;
}
