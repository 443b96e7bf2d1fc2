import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { TASKS_EXTENSION_ID } from '../../protocol/schema/tasks-extension.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { HandlerHost } from './method-handler.interface.js';
import type { ToolRunner } from './tools.handlers.js';
import { runHandler } from '../context/run-handler.js';
import { scopeWith } from '../context/request-scope-record.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import type { LiveTask, TaskStart } from '../tasks/task-engine.js';
import { runTaskHandler, taskScope } from '../tasks/task-run.js';
import { legacyTask, modernTask } from '../tasks/task-wire.js';

/** How one tools/call runs: plainly, as a task from the start, or as a task once it asks to. */
export type TaskMode = 'plain' | 'task' | 'manual';

/** The error of an extension the client must declare (-32021 with `requiredCapabilities`). */
export function missingTasksExtension(what: string): McpError {
  return new McpError(
    ErrorCode.MissingRequiredClientCapability,
    `${what} needs the ${TASKS_EXTENSION_ID} extension in the request's client capabilities`,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } } },
  );
}

/** True when a 2026-07-28 request declares the tasks extension in its client capabilities. */
export function declaresTasks(scope: RequestScope): boolean {
  const extensions = scope.protocol.clientCapabilities.extensions as object | undefined;
  return extensions !== undefined && TASKS_EXTENSION_ID in extensions;
}

/**
 * Who owns the tasks a request creates: a 2026-07-28 request's principal (`'anonymous'` without
 * authentication); a 2025 request's session (an HTTP session is itself bound to its principal).
 */
export function taskOwner(scope: RequestScope): string {
  if (scope.principal !== undefined) return `principal:${scope.principal}`;
  return scope.session?.id !== undefined ? `session:${scope.session.id}` : 'anonymous';
}

/**
 * Decides how a tools/call runs. 2025-11-25: a task when `params.task` is present (a tool without
 * task support -32601 when the session was told about tasks; a `required` tool without it
 * -32601). 2026-07-28: the server decides: a task when the tool supports tasks and the request
 * declares the extension; a `required` tool without it is -32021.
 */
export function taskModeOf(
  tool: RegisteredTool,
  params: { task?: unknown },
  scope: RequestScope,
  _host: HandlerHost,
): TaskMode {
  const task = tool.task;
  const asTask = task?.start === 'manual' ? 'manual' : 'task';
  if (scope.protocol.era === 'modern') {
    if (!task) return 'plain';
    if (declaresTasks(scope)) return asTask;
    if (task.support === 'required') throw missingTasksExtension(`Tool ${tool.key}`);
    return 'plain';
  }
  if (params.task !== undefined) {
    if (task) return asTask;
    if (scope.session?.advertised?.tasks === undefined) return 'plain';
    throw new McpError(ErrorCode.MethodNotFound, `Tool ${tool.key} does not run as a task`);
  }
  if (task?.support === 'required') {
    throw new McpError(
      ErrorCode.MethodNotFound,
      `Tool ${tool.key} runs only as a task: call it with params.task`,
    );
  }
  return 'plain';
}

/** The `CreateTaskResult` of the request's era. */
function created(live: LiveTask, era: RequestScope['protocol']['era']): Record<string, unknown> {
  return era === 'modern'
    ? { resultType: 'task', ...modernTask(live.record) }
    : { task: legacyTask(live.record) };
}

/**
 * Runs a tools/call as a task. `'task'`: the task is created (durably) and answered at once, the
 * handler runs in the background. `'manual'`: the handler runs inside the request until it
 * calls `ctx.startTask()` (then the request answers with the task) or ends (then its result or
 * `input_required` is the answer, as for a plain call).
 */
export async function callAsTask(
  mode: Exclude<TaskMode, 'plain'>,
  tool: RegisteredTool,
  args: Record<string, unknown>,
  scope: RequestScope,
  host: HandlerHost,
  invoke: (
    tool: RegisteredTool,
    args: Record<string, unknown>,
    scope: RequestScope,
    host: HandlerHost,
    run: ToolRunner,
  ) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const requested = (scope.params.task as { ttl?: unknown } | undefined)?.ttl;
  const start: TaskStart = {
    owner: taskOwner(scope),
    era: scope.protocol.era === 'modern' ? 'modern' : 'legacy',
    method: 'tools/call',
    name: tool.key,
    tool: tool.task!,
    ...(typeof requested === 'number' && { requestedTtlMs: requested }),
  };
  const engine = host.tasks;
  if (mode === 'task') {
    const live = await engine.create(start);
    void engine.settle(
      live,
      invoke(tool, args, taskScope(scope, live, engine), host, runTaskHandler),
    );
    return created(live, scope.protocol.era);
  }
  let live: LiveTask | undefined;
  let started!: () => void;
  const becameTask = new Promise<undefined>((resolve) => (started = () => resolve(undefined)));
  const manual = scopeWith(scope, {
    startTask: async () => {
      live = await engine.create(start);
      started();
      return taskScope(scope, live, engine);
    },
  });
  const running = invoke(tool, args, manual, host, runHandler);
  const first = await Promise.race([running.then((result) => ({ result })), becameTask]);
  if (first) return first.result;
  void engine.settle(live!, running);
  return created(live!, scope.protocol.era);
}
