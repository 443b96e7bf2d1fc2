import type { Task } from '../../protocol/schema/tasks.js';
import type { DetailedTask, ModernTask } from '../../protocol/schema/tasks-extension.js';
import type { TaskRecord } from '../../stores/task-store.interface.js';

// A stored task record in the wire shape of each era (one place for the field renames).

/** 2025-11-25 `Task`: `ttl` and `pollInterval`. */
export function legacyTask(record: TaskRecord): Task {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage !== undefined && { statusMessage: record.statusMessage }),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttl: record.ttlMs,
    pollInterval: record.pollIntervalMs,
  };
}

/** 2026-07-28 `Task` of the tasks extension: `ttlMs` and `pollIntervalMs`. */
export function modernTask(record: TaskRecord): ModernTask {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage !== undefined && { statusMessage: record.statusMessage }),
    createdAt: record.createdAt,
    lastUpdatedAt: record.lastUpdatedAt,
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
}

/** 2026-07-28 `DetailedTask`: the task plus the payload of its status. */
export function detailedTask(record: TaskRecord): DetailedTask {
  const task: DetailedTask = modernTask(record);
  if (record.status === 'input_required') task.inputRequests = record.inputRequests ?? {};
  else if (record.status === 'completed' && record.result) task.result = record.result;
  else if (record.status === 'failed' && record.error) task.error = record.error;
  return task;
}
