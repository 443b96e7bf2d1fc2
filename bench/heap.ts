/**
 * Heap-snapshot benchmark (`npm run bench:heap`): what an idle session costs, by class. The
 * bench's MCP app runs in its own process (`bench/servers/`); after a warm-up, a heap snapshot is
 * taken, `BENCH_HEAP_SESSIONS` (default 1,000) sessions are opened over HTTP and left idle, and a
 * second snapshot is taken. Both are read by `bench/heap-snapshot.ts`; the top 20 classes by
 * retained bytes per session (after − before, divided by the session count) are printed with
 * their count and self bytes per session. Snapshots go to `BENCH_HEAP_DIR` (default a temporary
 * directory, removed unless `BENCH_HEAP_KEEP=1`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHeapClasses, type HeapClass } from './heap-snapshot.js';
import { closeSessions, openIdleSessions } from './open-sessions.js';
import { positiveEnv } from './options.js';
import { startServerProcess } from './servers/server-process.js';

const TOP = 20;

/** Per-session growth of each class between two snapshots. */
function perSession(before: HeapClass[], after: HeapClass[], sessions: number) {
  const base = new Map(before.map((c) => [c.name, c]));
  return after
    .map((c) => {
      const b = base.get(c.name);
      return {
        name: c.name,
        count: (c.count - (b?.count ?? 0)) / sessions,
        selfSize: (c.selfSize - (b?.selfSize ?? 0)) / sessions,
        retainedSize: (c.retainedSize - (b?.retainedSize ?? 0)) / sessions,
      };
    })
    .filter((c) => c.name !== '(synthetic)') // the snapshot's roots: they retain everything
    .sort((x, y) => y.retainedSize - x.retainedSize);
}

async function main(): Promise<void> {
  const sessions = positiveEnv('BENCH_HEAP_SESSIONS', 1000, true);
  const dir = process.env.BENCH_HEAP_DIR ?? mkdtempSync(join(tmpdir(), 'mcp-heap-'));
  const server = await startServerProcess({ name: 'nestjs-mcp', path: '/mcp' });
  let beforePath: string;
  let afterPath: string;
  let heapDelta: number;
  try {
    // Warm-up: 100 sessions, or the measured count when smaller (a smoke run's few).
    await closeSessions(server.url, await openIdleSessions(server.url, Math.min(100, sessions)));
    const start = await server.memory();
    beforePath = await server.snapshot(join(dir, 'before.heapsnapshot'));
    await openIdleSessions(server.url, sessions);
    const end = await server.memory();
    heapDelta = end.heapUsed - start.heapUsed;
    afterPath = await server.snapshot(join(dir, 'after.heapsnapshot'));
  } finally {
    await server.close();
  }
  const rows = perSession(readHeapClasses(beforePath), readHeapClasses(afterPath), sessions);
  const total = rows.reduce((sum, r) => sum + r.selfSize, 0);
  console.log(
    `${sessions} idle sessions: heap used +${(heapDelta / sessions).toFixed(0)} B per session ` +
      `(snapshot self sizes +${total.toFixed(0)} B per session)\n`,
  );
  const header = ['class', 'retained B/session', 'self B/session', 'objects/session'];
  const cells = rows
    .slice(0, TOP)
    .map((r) => [
      r.name.slice(0, 48),
      r.retainedSize.toFixed(0),
      r.selfSize.toFixed(0),
      r.count.toFixed(2),
    ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  console.log(
    "\nretained: bytes freed if the class's objects went away (nested same-class objects counted once)",
  );
  if (process.env.BENCH_HEAP_KEEP === '1' || process.env.BENCH_HEAP_DIR)
    console.log(`snapshots in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
