import { McpError } from '../../errors/mcp.error.js';
import { TaskCancelledError } from '../../errors/task-cancelled.error.js';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequests,
} from '../../protocol/schema/index.js';
import { TASKS_EXTENSION_ID } from '../../protocol/schema/tasks-extension.js';
import type { McpCallOptions } from '../mcp-client-options.interface.js';
import { fulfilInputRequests, type AnswerInput } from '../mrtr/fulfil-input-requests.js';
import type {
  McpTaskState,
  McpToolTaskEvent,
  McpCallAsTaskOptions,
} from './tool-task.interface.js';

/** What running a tool as a task needs from the client. */
export interface ToolTaskPort {
  readonly era: 'legacy' | 'modern';
  readonly capabilities: ClientCapabilities;
  /** Sends one request (the client's era rules, headers and `_meta` applied). */
  request(
    method: string,
    params: Record<string, unknown>,
    options: McpCallOptions,
  ): Promise<unknown>;
  /** Answers a 2026-07-28 input request with the client's handlers. */
  answer(signal: AbortSignal): AnswerInput;
}

const DEFAULT_POLL_MS = 1000;
/** `tasks/result` waits for the whole task: far longer than a request timeout. */
const RESULT_TIMEOUT_MS = 24 * 3_600_000;

/** The task of a 2025 `Task` or a 2026 `DetailedTask`, one shape. */
function stateOf(raw: Record<string, unknown>): McpTaskState {
  const ttl = raw.ttlMs ?? raw.ttl;
  const poll = raw.pollIntervalMs ?? raw.pollInterval;
  return {
    taskId: String(raw.taskId),
    status: raw.status as McpTaskState['status'],
    statusMessage: raw.statusMessage as string | undefined,
    createdAt: String(raw.createdAt),
    lastUpdatedAt: String(raw.lastUpdatedAt),
    ttlMs: typeof ttl === 'number' ? ttl : null,
    ...(typeof poll === 'number' && { pollIntervalMs: poll }),
    ...(raw.inputRequests !== undefined && { inputRequests: raw.inputRequests as InputRequests }),
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The `_meta` of a task call's requests: 2026-07-28 adds the tasks extension to the client
 * capabilities (a per-request opt-in, SEP-2663); 2025-11-25 sends `extra` unchanged.
 */
export function taskCallMeta(
  port: Pick<ToolTaskPort, 'era' | 'capabilities'>,
  extra?: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (port.era === 'legacy') return extra;
  const caps = port.capabilities;
  return {
    ...extra,
    [CLIENT_CAPABILITIES_META_KEY]: {
      ...caps,
      extensions: { ...caps.extensions, [TASKS_EXTENSION_ID]: {} },
    },
  };
}

/**
 * Calls a tool as a task and follows it to its result: 2025-11-25 with `params.task`, polling
 * `tasks/get` and reading the outcome with `tasks/result` (which also carries the task's input
 * requests, answered by the client's handlers); 2026-07-28 declaring the tasks extension for the
 * call, polling `tasks/get` (result or error inlined) and answering `inputRequests` with
 * `tasks/update`. Polls at the server's `pollIntervalMs`. Resolves the last task state it saw
 * through `taskId()` so the caller can cancel it.
 */
export async function runToolTask<T>(
  port: ToolTaskPort,
  name: string,
  args: Record<string, unknown>,
  options: McpCallAsTaskOptions,
  signal: AbortSignal,
  emit: (event: McpToolTaskEvent<T>) => void,
  started: (taskId: string) => void,
): Promise<void> {
  const legacy = port.era === 'legacy';
  const base = {
    signal,
    timeoutMs: options.timeoutMs,
    meta: taskCallMeta(port, options.meta),
  };
  const params: Record<string, unknown> = { name, arguments: args };
  if (legacy) params.task = options.ttlMs === undefined ? {} : { ttl: options.ttlMs };
  const first = (await port.request('tools/call', params, base)) as Record<string, unknown>;
  const created = legacy ? (first.task as Record<string, unknown> | undefined) : first;
  if (!created || (!legacy && first.resultType !== 'task')) {
    emit({ type: 'result', result: first as CallToolResult<T> });
    return;
  }
  let task = stateOf(created);
  started(task.taskId);
  emit({ type: 'created', task });
  const answered = new Set<string>();
  const id = { taskId: task.taskId };
  for (;;) {
    await sleep(task.pollIntervalMs ?? options.pollIntervalMs ?? DEFAULT_POLL_MS, signal);
    const raw = (await port.request('tasks/get', id, base)) as Record<string, unknown>;
    const next = stateOf(raw);
    if (next.status !== task.status || next.statusMessage !== task.statusMessage) {
      emit({ type: 'status', task: next });
    }
    task = next;
    if (task.status === 'cancelled') throw new TaskCancelledError(task.taskId, task.statusMessage);
    if (legacy) {
      if (task.status === 'working') continue;
      // Terminal, or waiting for input that the server sends on this request.
      const result = await port.request('tasks/result', id, {
        ...base,
        timeoutMs: RESULT_TIMEOUT_MS,
      });
      // The terminal status too, so both eras end their status events the same way.
      const last = stateOf((await port.request('tasks/get', id, base)) as Record<string, unknown>);
      if (last.status !== task.status) emit({ type: 'status', task: last });
      emit({ type: 'result', result: result as CallToolResult<T> });
      return;
    }
    if (task.status === 'completed') {
      emit({ type: 'result', result: raw.result as CallToolResult<T> });
      return;
    }
    if (task.status === 'failed') {
      const error = raw.error as { code: number; message: string; data?: unknown };
      throw McpError.fromJson(error);
    }
    if (task.status === 'input_required') {
      const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
      if (fresh.length === 0) continue;
      for (const [key] of fresh) answered.add(key);
      const round = {
        method: 'tools/call',
        round: answered.size,
        inputRequests: Object.fromEntries(fresh),
      };
      const inputResponses = await fulfilInputRequests(round, port.answer(signal));
      await port.request('tasks/update', { ...id, inputResponses }, base);
    }
  }
}
