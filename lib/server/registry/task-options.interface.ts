import type { TaskStore } from '../../stores/task-store.interface.js';

/**
 * Whether a tool runs as a task: `'forbidden'` (default: always a plain call), `'optional'` (a
 * task when the client can take one: 2025-11-25 `params.task`, 2026-07-28 the tasks extension in
 * the request's capabilities), `'required'` (only as a task; a plain call is refused).
 */
export type McpTaskSupport = 'forbidden' | 'optional' | 'required';

/** Per-tool task settings, the object form of `@Tool({ task })`. */
export interface McpToolTaskOptions {
  /** See {@link McpTaskSupport}. */
  support: McpTaskSupport;
  /**
   * `'immediate'` (default): the task is created as the call arrives. `'manual'`: the handler
   * first runs inside the request (input rounds answered synchronously, errors returned
   * directly) and becomes a task when it calls `ctx.startTask()`.
   */
  start?: 'immediate' | 'manual';
  /** Lifetime of its tasks in ms (default: the server's `tasks.defaultTtlMs`). */
  ttlMs?: number;
  /** Suggested polling interval in ms (default: the server's `tasks.pollIntervalMs`). */
  pollIntervalMs?: number;
}

/** Server option `tasks`: where tasks are kept and their default timings. */
export interface McpTasksOptions {
  /** Where task records live (default: an in-memory store of this process). */
  store?: TaskStore;
  /** Lifetime of a task from creation when neither the tool nor the client sets one (1 hour). */
  defaultTtlMs?: number;
  /**
   * Ceiling of a lifetime a 2025-11-25 client asks for with `task.ttl`: a client asking 24 hours
   * gets this. Default 1 hour (or `defaultTtlMs` when longer); the tool's own `ttlMs` is not capped.
   */
  maxTtlMs?: number;
  /** Suggested polling interval sent with every task (1000 ms). */
  pollIntervalMs?: number;
  /** Page size of `tasks/list` (2025-11-25; default 50). */
  pageSize?: number;
}

/** The per-tool settings, normalised once at registration. */
export interface ResolvedToolTask {
  readonly support: McpTaskSupport;
  readonly start: 'immediate' | 'manual';
  readonly ttlMs?: number;
  readonly pollIntervalMs?: number;
}

/** Normalises `@Tool({ task })` (a string or the object form); undefined for `'forbidden'`. */
export function resolveToolTask(
  task: McpTaskSupport | McpToolTaskOptions | undefined,
  origin: string,
): ResolvedToolTask | undefined {
  if (task === undefined) return undefined;
  const options = typeof task === 'string' ? { support: task } : task;
  if (!['forbidden', 'optional', 'required'].includes(options.support)) {
    throw new Error(`${origin}: task must be 'forbidden', 'optional' or 'required'`);
  }
  if (options.support === 'forbidden') return undefined;
  for (const key of ['ttlMs', 'pollIntervalMs'] as const) {
    const value = options[key];
    if (value !== undefined && (!Number.isInteger(value) || value <= 0)) {
      throw new Error(`${origin}: task.${key} must be a positive integer (ms)`);
    }
  }
  return Object.freeze({
    support: options.support,
    start: options.start ?? 'immediate',
    ...(options.ttlMs !== undefined && { ttlMs: options.ttlMs }),
    ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
  });
}
