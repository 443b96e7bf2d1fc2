/**
 * Sends a fixed number of `tools/call echo` requests (`bench/workload.ts`) over keep-alive
 * connections (`fetch`'s pool), a few in flight, checking every reply: a count, not a rate, for
 * the instruction-count bench (`bench/instructions.ts`).
 */
import { isEchoResponse, toolsCallBody } from './workload.js';

/** How the calls are sent. */
export interface EchoCalls {
  url: string;
  headers: Record<string, string>;
  /** The 2026-07-28 body (with `_meta`) instead of the 2025 one. */
  modern: boolean;
  /** Requests to send in all. */
  count: number;
  /** Requests in flight at once (each lane sends its share one after another). */
  concurrency: number;
}

/**
 * Sends `calls.count` echo calls and resolves once every reply has come back.
 * @throws Error on the first reply that is not a 200 echo result.
 */
export async function sendEchoCalls(calls: EchoCalls): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < calls.count) {
      const id = ++next;
      const res = await fetch(calls.url, {
        method: 'POST',
        headers: calls.headers,
        body: toolsCallBody(id, calls.modern),
      });
      const body = await res.text();
      if (res.status !== 200 || !isEchoResponse(body, id)) {
        throw new Error(`call ${id} to ${calls.url}: HTTP ${res.status}: ${body.slice(0, 300)}`);
      }
    }
  };
  const lanes = Math.max(1, Math.min(calls.concurrency, calls.count));
  await Promise.all(Array.from({ length: lanes }, lane));
}
