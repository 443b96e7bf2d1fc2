/**
 * The worker side of `bench/measured-worker.ts`: a load worker thread, once its modules are
 * loaded, says it is ready, then runs the jobs its parent posts one at a time and posts back each
 * result (or the error that ended the job). The thread stays up between jobs, so a bench of many
 * short runs boots one worker (its autocannon or `ws` imports, its JIT warm-up) instead of one
 * per run.
 */
import { parentPort } from 'node:worker_threads';

/** What a load worker posts: ready once, then one result or error per job. */
export type WorkerReply<R> = { ready: true } | { result: R } | { error: string };

/** Serves the parent's jobs with `run`, one at a time (the parent waits for each reply). */
export function serveJobs<J, R>(run: (job: J) => Promise<R>): void {
  const port = parentPort;
  if (!port) throw new Error('a load worker runs in a worker thread');
  const post = (reply: WorkerReply<R>) => port.postMessage(reply);
  port.on('message', (job: J) => {
    run(job).then(
      (result) => post({ result }),
      (error: unknown) =>
        post({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  post({ ready: true });
}
