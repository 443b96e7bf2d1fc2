/** Lua scripts of the Redis event store. */

/** How long a once-key is remembered on a stream, in ms (far over any bus delivery skew). */
export const ONCE_WINDOW_MS = 60_000;

/**
 * KEYS: the stream, its once-keys (a sorted set scored by time). ARGV: once-key, now (ms),
 * window (ms), MAXLEN, TTL (ms), the message JSON. Appends the message unless the once-key was
 * seen within the window; forgets older keys; both keys expire with the stream. Returns the new
 * entry id, or false for a repeat.
 */
export const STORE_EVENT_ONCE = `
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return false end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[2], ARGV[5])
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'd', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return id
`;
