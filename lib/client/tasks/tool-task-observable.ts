import { Observable } from 'rxjs';
import type { CallToolResult } from '../../protocol/schema/index.js';
import { runToolTask, type ToolTaskPort } from './run-tool-task.js';
import type {
  McpTaskState,
  McpToolTaskEvent,
  McpCallAsTaskOptions,
} from './tool-task.interface.js';

/**
 * A tool run as a task, as a cold Observable: each subscription calls the tool once and follows
 * its task; unsubscribing before the end aborts the polling and cancels the task with `cancel`.
 */
export function toolTask$<T>(
  port: () => Promise<ToolTaskPort>,
  cancel: (taskId: string) => void,
  name: string,
  args: Record<string, unknown>,
  options: Omit<McpCallAsTaskOptions, 'signal'>,
): Observable<McpToolTaskEvent<T>> {
  return new Observable<McpToolTaskEvent<T>>((subscriber) => {
    const abort = new AbortController();
    let taskId: string | undefined;
    let done = false;
    const end = (error?: unknown): void => {
      done = true;
      if (error === undefined) subscriber.complete();
      else subscriber.error(error);
    };
    port()
      .then((p) =>
        runToolTask<T>(
          p,
          name,
          args,
          options,
          abort.signal,
          (e) => subscriber.next(e),
          (id) => {
            taskId = id;
          },
        ),
      )
      .then(() => end(), end);
    return () => {
      if (done) return;
      abort.abort('Unsubscribed');
      if (taskId !== undefined) cancel(taskId);
    };
  });
}

/** The Promise form: resolves with the result; `onStatus` sees each state; `signal` cancels. */
export function toolTaskPromise<T>(
  events: Observable<McpToolTaskEvent<T>>,
  signal: AbortSignal | undefined,
  onStatus: ((task: McpTaskState) => void) | undefined,
): Promise<CallToolResult<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const subscription = events.subscribe({
      next: (event) => (event.type === 'result' ? resolve(event.result) : onStatus?.(event.task)),
      error: reject,
    });
    signal?.addEventListener(
      'abort',
      () => {
        subscription.unsubscribe();
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
