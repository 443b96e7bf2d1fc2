import type { TaskRecord } from '../../stores/task-store.interface.js';
import { isInputMethod, type InputMethod } from '../mrtr/input-answers.js';

/** How a 2025-11-25 `tasks/result` request reaches its client and the task's runner. */
export interface RemoteInputRelay {
  /** Sends a server → client request related to the `tasks/result` request. */
  ask(method: InputMethod, params: Record<string, unknown>): Promise<unknown>;
  /** Hands one answer to the task (`TaskEngine.update`, routed to the running instance). */
  answer(responses: Record<string, unknown>): Promise<void>;
}

/**
 * The input requests of a task running on another instance, asked by a 2025-11-25 `tasks/result`
 * waiting here: each outstanding key of the polled record is sent to the client once (on this
 * request's stream) and its answer forwarded to the runner. A failed ask or a refused answer
 * leaves the task waiting; the client may call `tasks/result` again.
 */
export function remoteInputRelay(relay: RemoteInputRelay): (record: TaskRecord) => void {
  const asked = new Set<string>();
  return (record) => {
    if (record.status !== 'input_required') return;
    for (const [key, request] of Object.entries(record.inputRequests ?? {})) {
      if (asked.has(key) || !isInputMethod(request.method)) continue;
      asked.add(key);
      const params = ((request as { params?: Record<string, unknown> }).params ?? {}) as Record<
        string,
        unknown
      >;
      relay
        .ask(request.method, params)
        .then((answer) => relay.answer({ [key]: answer }))
        .catch(() => undefined);
    }
  };
}
