import type { TaskRecord } from '../../lib/stores/task-store.interface.js';

let clock = Date.now();

/**
 * A working `tools/call` task of `owner`, for the shared stores' specs: each record is created one
 * millisecond after the previous one, so lists in creation order are deterministic.
 */
export function taskRecord(
  taskId: string,
  owner = 'alice',
  ttlMs: number | null = 60_000,
): TaskRecord {
  const created = new Date(++clock);
  return {
    taskId,
    owner,
    era: 'modern',
    method: 'tools/call',
    name: 'report',
    status: 'working',
    createdAt: created.toISOString(),
    lastUpdatedAt: created.toISOString(),
    ttlMs,
    pollIntervalMs: 1000,
    expiresAt: ttlMs === null ? null : Date.now() + ttlMs,
  };
}

/** Now, as a task's `lastUpdatedAt`. */
export const at = () => new Date().toISOString();
