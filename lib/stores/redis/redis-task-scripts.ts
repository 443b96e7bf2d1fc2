/**
 * Lua scripts of the Redis task store. A task is a hash whose fields hold JSON values, so a
 * script can change single fields atomically without decoding the record (no cjson round trip,
 * which would turn empty arrays into objects). Each script touches exactly one key (named in
 * KEYS), so each runs on a sharded Redis Cluster; the owner index is kept by its own script, and
 * the index tolerates entries whose task is gone (they are shed as they are met).
 */

/** A script and the number of KEYS it takes, as ioredis `defineCommand` wants it. */
export interface TaskScript {
  readonly numberOfKeys: number;
  readonly lua: string;
}

/**
 * KEYS: task key. ARGV: expiresAt (epoch ms or ''), then field/value pairs. Writes the record
 * and its expiry.
 */
export const CREATE_TASK: TaskScript = {
  numberOfKeys: 1,
  lua: `
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
if ARGV[1] ~= '' then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return 1
`,
};

/**
 * KEYS: owner index. ARGV: expiresAt (epoch ms or ''), createdAt (ms), taskId. Adds the task
 * (score: creation time), keeps the index alive as long as its longest-lived task (no expiry
 * while it holds an unlimited one), and returns up to 8 of the oldest other ids, for the caller
 * to shed those whose task is gone.
 */
export const INDEX_TASK: TaskScript = {
  numberOfKeys: 1,
  lua: `
local existed = redis.call('EXISTS', KEYS[1])
local ttl = existed == 1 and redis.call('PTTL', KEYS[1]) or -3
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
if ARGV[1] == '' then
  redis.call('PERSIST', KEYS[1])
elseif ttl ~= -1 then
  local now = redis.call('TIME')
  local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  if ttl < 0 or nowMs + ttl < tonumber(ARGV[1]) then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
end
local oldest = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, 8)) do
  if id ~= ARGV[3] and #oldest < 8 then oldest[#oldest + 1] = id end
end
return oldest
`,
};

/**
 * KEYS: task key. ARGV: the new status as JSON ('' when the patch keeps it), the number n of
 * fields to remove, their n names, then field/value pairs to set. A terminal record keeps its
 * status (the patch is not applied). Returns the record's fields afterwards (nil: unknown).
 */
export const UPDATE_TASK: TaskScript = {
  numberOfKeys: 1,
  lua: `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return nil end
local terminal = status == '"completed"' or status == '"failed"' or status == '"cancelled"'
if terminal and ARGV[1] ~= '' and ARGV[1] ~= status then return redis.call('HGETALL', KEYS[1]) end
local removed = tonumber(ARGV[2])
if removed > 0 then redis.call('HDEL', KEYS[1], unpack(ARGV, 3, 2 + removed)) end
if #ARGV > 2 + removed then redis.call('HSET', KEYS[1], unpack(ARGV, 3 + removed)) end
return redis.call('HGETALL', KEYS[1])
`,
};

/** KEYS: task key. Deletes the task; returns its owner as stored (JSON), or nil. */
export const DELETE_TASK: TaskScript = {
  numberOfKeys: 1,
  lua: `
local owner = redis.call('HGET', KEYS[1], 'owner')
redis.call('DEL', KEYS[1])
return owner
`,
};

/** The scripts by the command name they are defined under on the command client. */
export const TASK_SCRIPTS = {
  mcpTaskCreate: CREATE_TASK,
  mcpTaskIndex: INDEX_TASK,
  mcpTaskUpdate: UPDATE_TASK,
  mcpTaskDelete: DELETE_TASK,
} as const;

/** The command client with the task scripts defined (`defineCommand`: EVALSHA, EVAL on NOSCRIPT). */
export type TaskScriptCommands = {
  [Name in keyof typeof TASK_SCRIPTS]: (...args: string[]) => Promise<unknown>;
};
