import { McpError } from '../../errors/mcp.error.js';
import type { RequestOutlet } from '../../engine/request-outlet.interface.js';
import type { InputRequests, InputResponses } from '../../protocol/schema/index.js';
import { RELATED_TASK_META_KEY } from '../../protocol/schema/tasks.js';
import { McpContext } from '../context/mcp-context.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import { scopeWith } from '../context/request-scope-record.js';
import { isInputMethod } from '../mrtr/input-answers.js';
import { runLegacyRounds, type InputRoundHost } from '../context/run-handler.js';
import type { LiveTask, TaskEngine } from './task-engine.js';
import { legacyTask } from './task-wire.js';

/**
 * The scope a task's handler runs with: the creating request's protocol facts, the task's own
 * signal (aborted by `tasks/cancel`), its input (`ctx.elicit()` etc. wait for the client's
 * answer) and an outlet that turns progress into the task's `statusMessage`. In 2025-11-25 the
 * progress (when the client gave a token) and log notifications also go to the session, marked
 * with the related-task `_meta`, as do `notifications/tasks/status` on every status change.
 */
export function taskScope(base: RequestScope, live: LiveTask, engine: TaskEngine): RequestScope {
  const meta = (base.params._meta as Record<string, unknown> | undefined) ?? {};
  const token = meta.progressToken;
  const taskId = live.record.taskId;
  const related = { [RELATED_TASK_META_KEY]: { taskId } };
  const peer = base.protocol.era === 'modern' ? undefined : base.session?.peer;
  if (peer)
    live.onChange = (record) => peer.notify('notifications/tasks/status', legacyTask(record));
  const outlet: RequestOutlet = {
    notify(method, params = {}) {
      if (method === 'notifications/progress') {
        engine.note(live, progressMessage(params));
        if (token === undefined || !peer) return;
      } else if (method !== 'notifications/message' || !peer) return;
      const ownMeta = params._meta as Record<string, unknown> | undefined;
      peer.notify(method, { ...params, _meta: { ...ownMeta, ...related } });
    },
  };
  return scopeWith(
    base,
    {
      params: { ...base.params, _meta: { ...meta, progressToken: token ?? `task:${taskId}` } },
      outlet,
      inputRound: undefined,
      startTask: undefined,
      task: live.input,
    },
    live.controller,
  );
}

function progressMessage(params: Record<string, unknown>): string {
  if (typeof params.message === 'string') return params.message;
  const { progress, total } = params;
  return total === undefined ? `Progress: ${String(progress)}` : `Progress: ${progress}/${total}`;
}

/**
 * Runs a handler as a task: one run; input calls wait on the task. An explicit
 * `ctx.inputRequired()` is served like in the 2025 era: its requests are asked through the task
 * and the handler runs again with the answers (at most `maxRounds` times).
 */
export function runTaskHandler(
  scope: RequestScope,
  host: InputRoundHost,
  invoke: (ctx: McpContext) => unknown,
): Promise<unknown> {
  return runLegacyRounds(scope, host, invoke, (_ctx, requests) => askThroughTask(scope, requests));
}

async function askThroughTask(
  scope: RequestScope,
  requests: InputRequests,
): Promise<InputResponses> {
  const entries = Object.entries(requests);
  const answers = await Promise.all(
    entries.map(([key, request]) => {
      if (!isInputMethod(request.method)) throw McpError.invalidParams('Unknown input method');
      const params = (request.params ?? {}) as Record<string, unknown>;
      return scope.task!.ask(request.method, params, key);
    }),
  );
  return Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as InputResponses;
}
