/**
 * Preloaded into every bench server process (`node --expose-gc --import <this file>`): answers
 * the parent over the IPC channel, so memory is measured inside the server and the load
 * generator's own memory never counts. No project imports: the Node 22 servers (SDK v2,
 * @rekog/mcp-nest) load it too.
 *
 * Messages: `{ op: 'memory' }` → full GC, a wait until RSS settles (see {@link settledRss}), then
 * `{ rss, heapUsed, heapTotal, external }` in bytes,
 * with `arrayBuffers`, the V8 heap spaces (committed and used) and, on Linux, RSS split into
 * anonymous and file-backed pages (where RSS beyond the V8 heap goes: malloc arenas, Buffers);
 * `{ op: 'snapshot', path }` → full GC, then a heap snapshot written to `path`, answered `{ path }`;
 * `{ op: 'young-gc-start' }` → starts reading the scavenges (`young-gc.ts`), answered `{}`;
 * `{ op: 'young-gc-stop' }` → `{ youngGc }`, what they collected and kept since the start.
 * Its one import of this folder, `young-gc.ts`, has Node imports only.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { startYoungGcWindow, type YoungGcReading } from './young-gc.js';

/** A question from the parent. */
export type ProbeRequest =
  | { op: 'memory' }
  | { op: 'snapshot'; path: string }
  | { op: 'young-gc-start' }
  | { op: 'young-gc-stop' };

/** The probe's answer to {@link ProbeRequest}. */
export interface ProbeReply {
  rss?: number;
  heapUsed?: number;
  /** V8 heap committed (used or not), bytes. */
  heapTotal?: number;
  /** Memory of C++ objects bound to JS objects (Buffers included), bytes. */
  external?: number;
  /** Memory of ArrayBuffers and Buffers (part of `external`), bytes. */
  arrayBuffers?: number;
  /** V8 heap spaces by name (`new_space`, `old_space`, ...): committed and used bytes. */
  spaces?: Record<string, { committed: number; used: number }>;
  /** Anonymous resident pages (V8 heap, malloc arenas, Buffers), bytes; Linux only. */
  rssAnon?: number;
  /** File-backed resident pages (the node binary, shared libraries), bytes; Linux only. */
  rssFile?: number;
  path?: string;
  /** What the scavenges since `young-gc-start` collected and kept. */
  youngGc?: YoungGcReading;
  error?: string;
}

function fullGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the server process was started without --expose-gc');
  // Twice: the first pass can leave objects freed only by their finalisers' second pass.
  gc();
  gc();
}

/** How often, and at most how long, {@link settledRss} reads RSS (ms). */
const SETTLE_POLL_MS = 50;
const SETTLE_MAX_MS = 3000;
/** RSS is settled once two reads in a row differ by less than this (bytes). */
const SETTLE_BYTES = 128 * 1024;

/**
 * Waits until RSS stops falling after a full GC. V8 hands the pages a GC emptied back to the
 * system from a background thread, some milliseconds after `gc()` returns: read at once, RSS
 * still holds them (30–40 MiB after 10,000 sessions were opened), which an idle server, the
 * state measured, does not.
 */
async function settledRss(): Promise<void> {
  const started = Date.now();
  let last = process.memoryUsage.rss();
  while (Date.now() - started < SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    const now = process.memoryUsage.rss();
    if (Math.abs(now - last) < SETTLE_BYTES) return;
    last = now;
  }
}

/** The scavenge reading started by `young-gc-start`, if one runs. */
let youngGcWindow: (() => YoungGcReading) | undefined;

async function answer(request: ProbeRequest): Promise<ProbeReply> {
  if (request.op === 'young-gc-start') {
    youngGcWindow?.();
    youngGcWindow = startYoungGcWindow();
    return {};
  }
  if (request.op === 'young-gc-stop') {
    const stop = youngGcWindow;
    youngGcWindow = undefined;
    if (!stop) throw new Error('young-gc-stop without young-gc-start');
    return { youngGc: stop() };
  }
  fullGc();
  if (request.op === 'snapshot') return { path: writeHeapSnapshot(request.path) };
  await settledRss();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const spaces: ProbeReply['spaces'] = {};
  for (const space of getHeapSpaceStatistics()) {
    spaces[space.space_name] = {
      committed: space.physical_space_size,
      used: space.space_used_size,
    };
  }
  return { rss, heapUsed, heapTotal, external, arrayBuffers, spaces, ...residentSplit() };
}

/** RssAnon and RssFile of `/proc/self/status` in bytes (empty off Linux). */
function residentSplit(): { rssAnon?: number; rssFile?: number } {
  let status: string;
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return {};
  }
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rssAnon: kib('RssAnon'), rssFile: kib('RssFile') };
}

const PROBE_OPS = new Set<string>(['memory', 'snapshot', 'young-gc-start', 'young-gc-stop']);

if (process.send) {
  process.on('message', (request: ProbeRequest) => {
    // Other questions are the server's own (`nest-apps.ts`): it answers them.
    if (!PROBE_OPS.has(request.op)) return;
    answer(request).then(
      (reply) => process.send!(reply),
      (error: unknown) => process.send!({ error: String(error) } satisfies ProbeReply),
    );
  });
  // The IPC channel must not keep a server alive, nor stop it from exiting on SIGTERM.
  process.channel?.unref();
}
