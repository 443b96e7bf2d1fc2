import {
  decodeTaskListCursor,
  encodeTaskListCursor,
  type TaskListCursor,
} from '../task-list-cursor.js';
import type { TaskPage, TaskRecord, TaskRecordPatch, TaskStore } from '../task-store.interface.js';
import type { RedisClient } from './load-ioredis.js';
import type { RedisConnection } from './redis-connection.js';
import { TASK_SCRIPTS, type TaskScriptCommands } from './redis-task-scripts.js';

/**
 * {@link TaskStore} in Redis, shared by the instances of a service: one hash per task
 * (`<prefix>task:{<id>}`, each field a JSON value) expiring at the record's `expiresAt`, and one
 * sorted set per principal (`<prefix>tasks-of:{<owner>}`, scored by creation time) for `list`.
 * Updates run as one Lua script (atomic across instances; a terminal record keeps its status).
 * Every script touches one key, so the store works on a sharded Redis Cluster. The owner index
 * is written before the record (an entry whose record is missing is harmless), sheds entries of
 * expired tasks as they are met (on create and list) and expires with its longest-lived task, so
 * it never grows without bound.
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisTaskStore implements TaskStore {
  constructor(private readonly redis: RedisConnection) {
    for (const [name, script] of Object.entries(TASK_SCRIPTS)) {
      redis.client.defineCommand(name, script);
    }
  }

  async create(record: TaskRecord): Promise<void> {
    const fields = Object.entries(record).flatMap(([field, value]) =>
      value === undefined ? [] : [field, JSON.stringify(value)],
    );
    const expiresAt = record.expiresAt === null ? '' : String(record.expiresAt);
    const createdAt = String(Date.parse(record.createdAt) || Date.now());
    const index = this.indexKey(record.owner);
    const oldest = (await this.redis.run('task create', (c) =>
      scripts(c).mcpTaskIndex(index, expiresAt, createdAt, record.taskId),
    )) as string[];
    await this.redis.run('task create', (c) =>
      scripts(c).mcpTaskCreate(this.key(record.taskId), expiresAt, ...fields),
    );
    await this.shed(index, oldest);
  }

  /** Drops the index entries among `ids` whose task record is gone (expired or deleted). */
  private async shed(index: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const exists = await this.redis.run('task create', (c) =>
      Promise.all(ids.map((id) => c.exists(this.key(id)))),
    );
    const gone = ids.filter((_, i) => exists[i] === 0);
    if (gone.length > 0) await this.redis.run('task create', (c) => c.zrem(index, ...gone));
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const fields = await this.redis.run('task get', (c) => c.hgetall(this.key(taskId)));
    return this.decode(taskId, Object.entries(fields).flat());
  }

  async update(taskId: string, patch: TaskRecordPatch): Promise<TaskRecord | undefined> {
    const entries = Object.entries(patch);
    const removed = entries.filter(([, value]) => value === undefined).map(([field]) => field);
    const set = entries.flatMap(([field, value]) =>
      value === undefined ? [] : [field, JSON.stringify(value)],
    );
    const status = patch.status === undefined ? '' : JSON.stringify(patch.status);
    const reply = (await this.redis.run('task update', (c) =>
      scripts(c).mcpTaskUpdate(
        this.key(taskId),
        status,
        String(removed.length),
        ...removed,
        ...set,
      ),
    )) as string[] | null;
    return reply ? this.decode(taskId, reply) : undefined;
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const after = decodeTaskListCursor(cursor);
    const index = this.indexKey(owner);
    const tasks: TaskRecord[] = [];
    const batch = Math.max(limit + 1, 16);
    let last: TaskListCursor | undefined;
    for (let offset = 0; ; offset += batch) {
      const flat = await this.redis.run('task list', (c) =>
        c.zrevrangebyscore(
          index,
          after ? after.s : '+inf',
          '-inf',
          'WITHSCORES',
          'LIMIT',
          offset,
          batch,
        ),
      );
      const entries: TaskListCursor[] = [];
      for (let i = 0; i < flat.length; i += 2) entries.push({ m: flat[i], s: Number(flat[i + 1]) });
      // Ties on the cursor's score come in descending id order; skip those already served.
      const fresh = entries.filter((e) => !after || e.s < after.s || e.m < after.m);
      const records = await this.records(fresh.map((e) => e.m));
      const gone: string[] = [];
      for (const [i, entry] of fresh.entries()) {
        const record = records[i];
        if (!record || record.owner !== owner) {
          gone.push(entry.m);
          continue;
        }
        if (tasks.length === limit) return { tasks, nextCursor: encodeTaskListCursor(last!) };
        tasks.push(record);
        last = entry;
      }
      if (gone.length > 0) await this.redis.run('task list', (c) => c.zrem(index, ...gone));
      if (entries.length < batch) return { tasks };
      if (gone.length > 0) offset -= gone.length; // the removed entries no longer take places
    }
  }

  async delete(taskId: string): Promise<void> {
    const owner = (await this.redis.run('task delete', (c) =>
      scripts(c).mcpTaskDelete(this.key(taskId)),
    )) as string | null;
    if (owner === null) return;
    let name: unknown;
    try {
      name = JSON.parse(owner);
    } catch {
      return;
    }
    if (typeof name === 'string') {
      await this.redis.run('task delete', (c) => c.zrem(this.indexKey(name as string), taskId));
    }
  }

  /** The records of `ids` (one command each: on a Cluster they live on different nodes). */
  private async records(ids: string[]): Promise<(TaskRecord | undefined)[]> {
    if (ids.length === 0) return [];
    const replies = await this.redis.run('task list', (c) =>
      Promise.all(ids.map((id) => c.hgetall(this.key(id)))),
    );
    return replies.map((fields, i) => this.decode(ids[i], Object.entries(fields).flat()));
  }

  /** The record of flat field/value pairs; undefined when absent, expired or malformed. */
  private decode(taskId: string, flat: string[]): TaskRecord | undefined {
    if (flat.length === 0) return undefined;
    const record: Record<string, unknown> = {};
    try {
      for (let i = 0; i < flat.length; i += 2) record[flat[i]] = JSON.parse(flat[i + 1]);
    } catch {
      record.taskId = undefined;
    }
    if (record.taskId !== taskId || typeof record.owner !== 'string') {
      this.redis.options.logger?.warn(`Redis task record ${taskId} is malformed; ignored`);
      return undefined;
    }
    const expiresAt = record.expiresAt as number | null;
    if (expiresAt !== null && expiresAt <= Date.now()) return undefined;
    return record as unknown as TaskRecord;
  }

  private key(taskId: string): string {
    return this.redis.keys.task(taskId);
  }

  private indexKey(owner: string): string {
    return this.redis.keys.tasksOf(owner);
  }
}

/** The command client with the task scripts (defined in the constructor). */
function scripts(client: RedisClient): TaskScriptCommands {
  return client as unknown as TaskScriptCommands;
}
