import type { TaskRecord } from '../../stores/task-store.interface.js';
import { isTerminalStatus } from '../../stores/task-store.interface.js';
import { checkAnswer, isInputMethod } from '../mrtr/input-answers.js';

/** What a task's runner is asked to do by another instance. */
export type TaskControl =
  { action: 'cancel' } | { action: 'input'; responses: Record<string, unknown> };

/**
 * The instances sharing a bus, as the task engine sees them: its own id (written into the
 * records it runs), the liveness of the others, and a way to reach a task's runner.
 */
export interface TaskCluster {
  readonly instanceId: string;
  isAlive(instance: string): boolean;
  send(to: string, taskId: string, control: TaskControl): void;
}

/** The JSON-RPC error of a task whose runner stopped before the task ended. */
export const RUNNER_GONE_ERROR = {
  code: -32603,
  message: 'The server instance running the task stopped before the task finished',
} as const;

/** The instance running `record` when it is another one (undefined: this one, or no cluster). */
export function remoteRunner(
  record: TaskRecord,
  cluster: TaskCluster | undefined,
): string | undefined {
  const runner = record.runner;
  return cluster && runner !== undefined && runner !== cluster.instanceId ? runner : undefined;
}

/** True when `record` is unfinished and its runner (another instance) is presumed gone. */
export function orphaned(record: TaskRecord, cluster: TaskCluster | undefined): boolean {
  const runner = remoteRunner(record, cluster);
  return runner !== undefined && !isTerminalStatus(record.status) && !cluster!.isAlive(runner);
}

/**
 * Checks the answers of a `tasks/update` for a task running elsewhere against the input requests
 * its record shows outstanding (-32602 for a malformed one, as the runner would answer), so the
 * runner only ever receives answers it accepts; answers to other keys are dropped.
 */
export function remoteAnswers(
  record: TaskRecord,
  responses: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const asked = record.inputRequests ?? {};
  const checked: Record<string, unknown> = {};
  for (const [key, response] of Object.entries(responses)) {
    const method = Object.hasOwn(asked, key) ? asked[key].method : undefined;
    if (isInputMethod(method)) checked[key] = checkAnswer(key, method, response);
  }
  return checked;
}
