/**
 * Lua scripts of {@link RedisLimitCounters}. Every key of the limits shares one hash tag, so the
 * sets a script reads and writes (named in KEYS, or listed in a member's key) sit in one Redis
 * Cluster slot. Time is Redis's own (`TIME`), so instance clocks do not matter.
 */

/** A script and the number of KEYS it takes (`-1`: variable), as ioredis `defineCommand` wants it. */
interface LimitScript {
  readonly numberOfKeys?: number;
  readonly lua: string;
}

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * KEYS: the n set keys, then the member key. ARGV: ttlMs, member, then the n maxima. Sheds the
 * expired members of each set, refuses (returns the 0-based index of the first full set) or adds
 * the member to every set scored by its expiry, keeps each set alive as long as its last member,
 * and writes the member key (the set keys, newline-separated) for release and renew.
 */
export const LIMIT_ADMIT: LimitScript = {
  lua: `${NOW}
local ttl = tonumber(ARGV[1])
local member = ARGV[2]
local n = #KEYS - 1
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if not redis.call('ZSCORE', KEYS[i], member) and redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[2 + i]) then
    return i - 1
  end
end
local names = {}
for i = 1, n do
  redis.call('ZADD', KEYS[i], 'GT', now + ttl, member)
  if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
  names[i] = KEYS[i]
end
redis.call('SET', KEYS[n + 1], table.concat(names, '\\n'), 'PX', ttl)
return -1
`,
};

/** KEYS: the member key. ARGV: member. Removes the member from its sets and drops its key. */
export const LIMIT_RELEASE: LimitScript = {
  numberOfKeys: 1,
  lua: `
local names = redis.call('GET', KEYS[1])
if not names then return 0 end
for name in string.gmatch(names, '[^\\n]+') do redis.call('ZREM', name, ARGV[1]) end
redis.call('DEL', KEYS[1])
return 1
`,
};

/**
 * KEYS: member keys. ARGV: ttlMs, then the members (in KEYS order). Extends each member still
 * counted (never re-adds one); one call renews a batch.
 */
export const LIMIT_RENEW: LimitScript = {
  lua: `${NOW}
local ttl = tonumber(ARGV[1])
for i = 1, #KEYS do
  local names = redis.call('GET', KEYS[i])
  if names then
    for name in string.gmatch(names, '[^\\n]+') do
      redis.call('ZADD', name, 'XX', 'GT', now + ttl, ARGV[1 + i])
      if redis.call('PTTL', name) < ttl then redis.call('PEXPIRE', name, ttl) end
    end
    redis.call('PEXPIRE', KEYS[i], ttl)
  end
end
return 1
`,
};

/**
 * KEYS: the window counter, the block key. ARGV: windowMs, limit, blockMs. Counts one hit in the
 * fixed window (the counter expires with it); past the limit sets the block for blockMs (> 0).
 * Returns hits, ms to the window's end, ms blocked.
 */
export const LIMIT_HIT: LimitScript = {
  numberOfKeys: 2,
  lua: `
local window = tonumber(ARGV[1])
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then redis.call('PEXPIRE', KEYS[1], window); ttl = window end
local blocked = redis.call('PTTL', KEYS[2])
if blocked < 0 then blocked = 0 end
local blockMs = tonumber(ARGV[3])
if blocked == 0 and blockMs > 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', blockMs)
  blocked = blockMs
end
return { hits, ttl, blocked }
`,
};

/** The scripts by their command name. */
export const LIMIT_SCRIPTS = {
  mcpLimitAdmit: LIMIT_ADMIT,
  mcpLimitRelease: LIMIT_RELEASE,
  mcpLimitRenew: LIMIT_RENEW,
  mcpLimitHit: LIMIT_HIT,
} as const;

/** The command client with the limit scripts defined. */
export type LimitScriptCommands = {
  [Name in keyof typeof LIMIT_SCRIPTS]: (...args: (string | number)[]) => Promise<unknown>;
};
