/** Lua scripts of the Redis event store. */

/** How long a once-key is remembered on a stream, in ms (far over any bus delivery skew). */
export const ONCE_WINDOW_MS = 60_000;

/**
 * KEYS: the stream, its once-keys (a sorted set scored by time). ARGV: the stream's wake-up
 * channel, once-key, now (ms), window (ms), MAXLEN, TTL (ms), the message JSON. Appends the
 * message unless the once-key was seen within the window, and announces it on the channel;
 * forgets older keys; both keys expire with the stream. Returns the new entry id, or false for a
 * repeat.
 */
export const STORE_EVENT_ONCE = `
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then return false end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[2], ARGV[6])
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[5], '*', 'd', ARGV[7])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PUBLISH', ARGV[1], 'd')
return id
`;
