/**
 * Memory benchmark of issue 16 (`npm run bench:memory`). The server (the bench's MCP app) runs in
 * its own process with `--expose-gc` and the memory probe (`bench/servers/`), so the load
 * generator's memory never counts; every figure is RSS after a full GC in the server.
 * - RSS per 1,000 idle sessions: open `BENCH_IDLE_SESSIONS` (default 10,000) over HTTP on a
 *   server warmed with 1,000 sessions (at most `BENCH_IDLE_SESSIONS`) opened and closed, measure
 *   the growth and scale it to 1,000 (target ≤ 5 MiB per 1,000). Measured over 1,000 sessions the figure is mostly noise: RSS
 *   after GC moves by tens of MiB with what the allocator happens to keep, while the V8 heap
 *   moves by about 1.5 MiB per 1,000 sessions; the heap figures are printed next to it;
 * - `BENCH_HELD_SESSIONS` (default 10,000) idle sessions held: open up to that many, then one
 *   `tools/call` on each must still answer;
 * - RSS flat (±10 % of the median of 10 checkpoints) over `BENCH_MEMORY_CALLS` (default 100,000) calls on one session, and over
 *   as many calls each on a fresh session (initialize, initialized, call, DELETE), measured at
 *   `BENCH_MEMORY_CHECKPOINTS` (default 10) points after a first warm-up slice; the figure is the
 *   largest distance of a checkpoint from their median, with the first and last printed.
 * Each part runs against a fresh server process. Reports; does not assert. Exits 1 when requests
 * failed or sessions were not held.
 */
import { runLoad } from './autocannon-run.js';
import { failureCount, type Workload } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { idleRounds } from './idle-session-cost.js';
import { describeMemory, idleTargets } from './idle-targets.js';
import { countLiveSessions, closeSessions, openIdleSessions } from './open-sessions.js';
import { positiveEnv } from './options.js';
import { printLoadAverage } from './report.js';
import { startServerProcess, type ServerProcess } from './servers/server-process.js';
import { printTargets, type TargetCheck } from './targets.js';
import { BASE_HEADERS } from './workload.js';

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

async function flatOver(
  server: ServerProcess,
  label: string,
  workload: Workload,
  headers: Record<string, string>,
  calls: number,
  checkpoints: number,
  failures: string[],
): Promise<TargetCheck> {
  const perSequence = workload === 'session-cycle' ? 4 : 1;
  const slice = Math.ceil(calls / checkpoints);
  const load = async () => {
    const r = await runLoad(server.url, headers, 10, 0, false, {
      workload,
      amount: slice * perSequence,
    });
    if (failureCount(r) > 0)
      failures.push(`${label}: ${failureCount(r)} failures; ${r.firstBad ?? ''}`);
  };
  await load(); // warm-up slice: caches, JIT, pools reach their size
  const samples: number[] = [];
  for (let i = 0; i < checkpoints; i++) {
    await load();
    samples.push((await server.memory()).rss);
  }
  console.log(`  ${label}: RSS ${samples.map((s) => (s / MIB).toFixed(1)).join(' ')} MiB`);
  // Spread around the median (one noisy sample does not set the baseline), and the trend.
  const median = [...samples].sort((a, b) => a - b)[samples.length >> 1];
  const worst = Math.max(...samples.map((s) => Math.abs(s - median)));
  return {
    name: `RSS spread over ${calls} calls, ${label}`,
    ratio: worst / median,
    goal: 0.1,
    kind: 'max',
    unit: '%',
    detail:
      `median ${mib(median)}, ${mib(Math.min(...samples))} .. ${mib(Math.max(...samples))}, ` +
      `first ${mib(samples[0])} -> last ${mib(samples[samples.length - 1])}`,
  };
}

/** Runs `part` against a fresh server process, closed afterwards. */
async function withServer(part: (server: ServerProcess) => Promise<void>): Promise<void> {
  const server = await startServerProcess({ name: 'nestjs-mcp', path: '/mcp' });
  try {
    await part(server);
  } finally {
    await server.close();
  }
}

async function main(): Promise<number> {
  const idle = positiveEnv('BENCH_IDLE_SESSIONS', 10_000, true);
  const held = positiveEnv('BENCH_HELD_SESSIONS', 10_000, true);
  const calls = positiveEnv('BENCH_MEMORY_CALLS', 100_000, true);
  const checkpoints = positiveEnv('BENCH_MEMORY_CHECKPOINTS', 10, true);
  const idleRoundCount = positiveEnv('BENCH_IDLE_ROUNDS', 3, true);
  const parts = new Set((process.env.BENCH_MEMORY_PARTS ?? 'idle,flat').split(','));
  console.log(
    `node ${process.version}; ${idle} idle sessions x ${idleRoundCount} rounds, ${held} held, ${calls} calls per flatness run ` +
      `(${checkpoints} checkpoints); server in its own process, RSS after full GC`,
  );
  printLoadAverage('before');
  const checks: TargetCheck[] = [];
  const failures: string[] = [];
  // A fresh server process per part, so no part sees the pages another one grew the heap into.
  await withServer(async (server) => {
    // Warm the server (first sessions pay for lazy set-up that later ones share): 1,000
    // sessions, or the rounds' count when smaller (a smoke run's few).
    await closeSessions(server.url, await openIdleSessions(server.url, Math.min(1000, idle)));
    const base = await server.memory();
    console.log(`  started: ${describeMemory(base)}`);
    const rounds = await idleRounds(server, base, idle, idleRoundCount, (round, i) => {
      console.log(
        `  round ${i + 1}: ${idle} idle sessions: +${mib(round.rssPer1k)} RSS, ` +
          `+${mib(round.heapPer1k)} heap per 1,000 over the warmed server\n` +
          `    open:   ${describeMemory(round.open)}\n    closed: ${describeMemory(round.closed)}`,
      );
    });
    checks.push(...idleTargets(rounds, idle));
    const all = await openIdleSessions(server.url, held);
    const atHeld = await server.memory();
    const live = await countLiveSessions(server.url, all);
    console.log(
      `  ${all.length} idle sessions: RSS ${mib(atHeld.rss)} (+${mib(((atHeld.rss - base.rss) * 1000) / all.length)} per 1,000), ${live} answered`,
    );
    checks.push({
      name: `idle sessions held (of ${held})`,
      ratio: live / held,
      goal: 1,
      kind: 'min',
      unit: '%',
      detail: `${live} answered a tools/call; RSS ${mib(atHeld.rss)}`,
    });
  });
  if (!parts.has('flat')) return finish(checks, failures);
  await withServer(async (server) => {
    const session = await openMcpSession(server.url);
    checks.push(
      await flatOver(server, 'one session', 'echo', session, calls, checkpoints, failures),
    );
  });
  await withServer(async (server) => {
    const headers = { ...BASE_HEADERS };
    checks.push(
      await flatOver(
        server,
        'fresh sessions',
        'session-cycle',
        headers,
        calls,
        checkpoints,
        failures,
      ),
    );
  });
  return finish(checks, failures);
}

function finish(checks: TargetCheck[], failures: string[]): number {
  printLoadAverage('after');
  printTargets(checks);
  if (failures.length > 0) {
    console.error('\nFAILED requests:\n  ' + failures.join('\n  '));
    return 1;
  }
  return checks.find((c) => c.name.startsWith('idle sessions held'))!.ratio >= 1 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
