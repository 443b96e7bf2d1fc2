import { McpError } from '../../errors/mcp.error.js';
import { RELATED_TASK_META_KEY } from '../../protocol/schema/tasks.js';
import { isTerminalStatus } from '../../stores/task-store.interface.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import { declaresTasks, missingTasksExtension, taskOwner } from './task-call.js';
import { detailedTask, legacyTask } from '../tasks/task-wire.js';
import { remoteInputRelay } from '../tasks/remote-task-input.js';
import type { MethodHandler } from './method-handler.interface.js';

// The tasks/* methods. 2025-11-25 (experimental): tasks/get, tasks/result, tasks/list,
// tasks/cancel. 2026-07-28 (io.modelcontextprotocol/tasks): tasks/get, tasks/update,
// tasks/cancel, each refused with -32021 when the request does not declare the extension.
// A task is found only by the principal (or 2025 session) that created it: -32602 otherwise.

/** 2026-07-28: the request must declare the tasks extension. */
function gate(scope: RequestScope): boolean {
  const modern = scope.protocol.era === 'modern';
  if (modern && !declaresTasks(scope)) throw missingTasksExtension(scope.method);
  return modern;
}

/** `tasks/get`: the task (2026-07-28: with its result, error or input requests inlined). */
export const getTask: MethodHandler<'tasks/get'> = async (params, scope, host) => {
  const modern = gate(scope);
  const record = await host.tasks.get(params.taskId, taskOwner(scope));
  return (modern ? detailedTask(record) : legacyTask(record)) as never;
};

/**
 * `tasks/result` (2025-11-25): waits until the task is terminal, then answers what the tools/call
 * would have: its result (with the related-task `_meta`) or its error. While it waits, the task's
 * input requests go to the client on this request.
 */
export const getTaskResult: MethodHandler<'tasks/result'> = async (params, scope, host) => {
  const owner = taskOwner(scope);
  const { taskId } = params;
  await host.tasks.get(taskId, owner);
  const live = host.tasks.running(taskId);
  const peer = scope.peer;
  const request = (method: string, input: Record<string, unknown>) =>
    peer!.request(method, input, { signal: scope.signal, relatedRequestId: scope.requestId });
  if (live && peer) live.input.open({ signal: scope.signal, request });
  // A task running on another instance: its input requests are asked from here.
  const onPoll =
    !live && peer
      ? remoteInputRelay({
          ask: request,
          answer: (responses) => host.tasks.update(taskId, owner, responses),
        })
      : undefined;
  const record = await host.tasks.waitTerminal(taskId, owner, scope.signal, onPoll);
  if (record.status === 'completed') {
    const result = record.result ?? { content: [] };
    const meta = result._meta as Record<string, unknown> | undefined;
    return { ...result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId } } } as never;
  }
  if (record.status === 'failed' && record.error) {
    throw new McpError(record.error.code, record.error.message, record.error.data);
  }
  throw McpError.invalidParams(`Task ${taskId} was cancelled`, { taskId });
};

/** `tasks/list` (2025-11-25): the caller's tasks, newest first, paginated. */
export const listTasks: MethodHandler<'tasks/list'> = async (params, scope, host) => {
  const page = await host.tasks.list(taskOwner(scope), params?.cursor);
  return {
    tasks: page.tasks.map(legacyTask),
    ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
  };
};

/**
 * `tasks/cancel`: 2025-11-25 answers the cancelled task and refuses a terminal one (-32602);
 * 2026-07-28 answers an empty acknowledgement, for a terminal task too (idempotent).
 */
export const cancelTask: MethodHandler<'tasks/cancel'> = async (params, scope, host) => {
  const modern = gate(scope);
  const owner = taskOwner(scope);
  if (!modern) {
    const record = await host.tasks.get(params.taskId, owner);
    if (isTerminalStatus(record.status)) {
      throw McpError.invalidParams(`Task ${params.taskId} is already ${record.status}`, {
        taskId: params.taskId,
      });
    }
  }
  const record = await host.tasks.cancel(params.taskId, owner);
  return (modern ? {} : legacyTask(record)) as never;
};

/** `tasks/update` (2026-07-28): answers to the task's outstanding input requests. */
export const updateTask = async (
  params: { taskId: string; inputResponses: Record<string, unknown> },
  scope: RequestScope,
  host: Parameters<MethodHandler<'tasks/get'>>[2],
): Promise<Record<string, unknown>> => {
  gate(scope);
  await host.tasks.update(params.taskId, taskOwner(scope), params.inputResponses);
  return {};
};
