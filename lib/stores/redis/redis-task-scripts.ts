/**
 * Lua scripts of the Redis task store. A task is a hash whose fields hold JSON values, so a
 * script can change single fields atomically without decoding the record (no cjson round trip,
 * which would turn empty arrays into objects). Not for Redis Cluster: the create and delete
 * scripts touch the owner index next to the task key.
 */

/**
 * KEYS: task key, owner index. ARGV: expiresAt (epoch ms or ''), createdAt (ms), taskId, task key
 * prefix, then field/value pairs. Adds the task to the owner index (score: creation time), drops
 * up to 8 of the oldest index entries whose task is gone, and keeps the index alive as long as
 * its longest-lived task (no expiry while it holds an unlimited one).
 */
export const CREATE_TASK = `
local existed = redis.call('EXISTS', KEYS[2])
local ttl = existed == 1 and redis.call('PTTL', KEYS[2]) or -3
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
if ARGV[1] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, 7)) do
  if redis.call('EXISTS', ARGV[4] .. id) == 0 then redis.call('ZREM', KEYS[2], id) end
end
if ARGV[1] == '' then
  redis.call('PERSIST', KEYS[2])
elseif ttl ~= -1 then
  local now = redis.call('TIME')
  local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  if ttl < 0 or nowMs + ttl < tonumber(ARGV[1]) then redis.call('PEXPIREAT', KEYS[2], ARGV[1]) end
end
return 1
`;

/**
 * KEYS: task key. ARGV: the new status as JSON ('' when the patch keeps it), the number n of
 * fields to remove, their n names, then field/value pairs to set. A terminal record keeps its
 * status (the patch is not applied). Returns the record's fields afterwards (nil: unknown).
 */
export const UPDATE_TASK = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return nil end
local terminal = status == '"completed"' or status == '"failed"' or status == '"cancelled"'
if terminal and ARGV[1] ~= '' and ARGV[1] ~= status then return redis.call('HGETALL', KEYS[1]) end
local removed = tonumber(ARGV[2])
if removed > 0 then redis.call('HDEL', KEYS[1], unpack(ARGV, 3, 2 + removed)) end
if #ARGV > 2 + removed then redis.call('HSET', KEYS[1], unpack(ARGV, 3 + removed)) end
return redis.call('HGETALL', KEYS[1])
`;

/** KEYS: task key. ARGV: owner index key prefix, taskId. Deletes the task and its index entry. */
export const DELETE_TASK = `
local owner = redis.call('HGET', KEYS[1], 'owner')
redis.call('DEL', KEYS[1])
if owner then redis.call('ZREM', ARGV[1] .. cjson.decode(owner), ARGV[2]) end
return 1
`;
