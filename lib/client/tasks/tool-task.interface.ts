import type { CallToolResult, InputRequests, TaskStatus } from '../../protocol/schema/index.js';
import type { McpCallOptions } from '../mcp-client-options.interface.js';

/** A task as the client reports it, the same in both eras (2025 `ttl` read as `ttlMs`). */
export interface McpTaskState {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string | undefined;
  readonly createdAt: string;
  readonly lastUpdatedAt: string;
  /** Lifetime from creation in ms; null: unlimited. */
  readonly ttlMs: number | null;
  /** The polling interval the server suggests, in ms. */
  readonly pollIntervalMs?: number | undefined;
  /** 2026-07-28: the outstanding input requests while `input_required`. */
  readonly inputRequests?: InputRequests | undefined;
}

/**
 * An event of `callToolAsTask$()`: `created` once (the server made a task), `status` on every
 * change seen while polling, `result` last (the tool's result, `isError` included). A plain
 * answer (the server chose not to make a task) is a lone `result`.
 */
export type McpToolTaskEvent<TStructured = unknown> =
  | { readonly type: 'created'; readonly task: McpTaskState }
  | { readonly type: 'status'; readonly task: McpTaskState }
  | { readonly type: 'result'; readonly result: CallToolResult<TStructured> };

/** Options of `callToolAsTask$()` / `callToolAsTask()`. */
export interface McpCallAsTaskOptions extends Pick<McpCallOptions, 'timeoutMs' | 'meta'> {
  /** 2025-11-25: the lifetime to ask for (`task.ttl`); the server may cap it. */
  ttlMs?: number | undefined;
  /** Polling interval when the server suggests none (default 1000 ms). */
  pollIntervalMs?: number | undefined;
  /** Promise form: cancels the task (`tasks/cancel`) when aborted. */
  signal?: AbortSignal | undefined;
}
