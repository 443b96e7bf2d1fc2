/**
 * Preloaded into every bench server process (`node --expose-gc --import <this file>`): answers
 * the parent over the IPC channel, so memory is measured inside the server and the load
 * generator's own memory never counts. No project imports: the Node 22 servers (SDK v2,
 * @rekog/mcp-nest) load it too.
 *
 * Messages: `{ op: 'memory' }` → full GC, then `{ rss, heapUsed, heapTotal, external }` in bytes;
 * `{ op: 'snapshot', path }` → full GC, then a heap snapshot written to `path`, answered `{ path }`.
 */
import { writeHeapSnapshot } from 'node:v8';

/** A question from the parent. */
export type ProbeRequest = { op: 'memory' } | { op: 'snapshot'; path: string };

/** The probe's answer to {@link ProbeRequest}. */
export interface ProbeReply {
  rss?: number;
  heapUsed?: number;
  /** V8 heap committed (used or not), bytes. */
  heapTotal?: number;
  /** Memory of C++ objects bound to JS objects (Buffers included), bytes. */
  external?: number;
  path?: string;
  error?: string;
}

function fullGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the server process was started without --expose-gc');
  // Twice: the first pass can leave objects freed only by their finalisers' second pass.
  gc();
  gc();
}

function answer(request: ProbeRequest): ProbeReply {
  fullGc();
  if (request.op === 'snapshot') return { path: writeHeapSnapshot(request.path) };
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external };
}

if (process.send) {
  process.on('message', (request: ProbeRequest) => {
    let reply: ProbeReply;
    try {
      reply = answer(request);
    } catch (error) {
      reply = { error: String(error) };
    }
    process.send!(reply);
  });
  // The IPC channel must not keep a server alive, nor stop it from exiting on SIGTERM.
  process.channel?.unref();
}
