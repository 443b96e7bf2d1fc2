/**
 * Trip CPU bench (`npm run bench:trip-cpu`): the CPU time a server's main thread spends per
 * request trip under load, the MCP controller against the bare Nest route of the same adapter,
 * by workload. It answers what the throughput ratios of `npm run bench` cannot tell apart: whether
 * a lower rate is the server's own time per trip or the machine (the load generator's share of
 * the cores, a slow spell), and, beside `npm run bench:instructions`, whether a trip's time
 * follows its instructions.
 *
 * Each server runs in its own process (`bench/servers/`); the load (`runLoad`, autocannon in a
 * worker thread of this process) runs `BENCH_CONNECTIONS` connections (default 50) for
 * `BENCH_DURATION` seconds (default 4) per run, after a `BENCH_WARMUP` (default 2) of each arm,
 * in `BENCH_ROUNDS` interleaved rounds (default 3). Per run, read from procfs around it (Linux only;
 * `thread-cpu.ts`): the main thread's time on a CPU (exact), its user and system split (clock
 * ticks), the other threads' time, minor page faults and context switches, each per trip.
 *
 * Workloads (`BENCH_TRIP_WORKLOADS`, default `echo,list,handshake`): `echo` and `list` on one
 * session (the MCP arm) or none (bare); `handshake` is the five trips of `npm run bench`'s
 * handshake phase on the MCP arm (with `DELETE`) and the bare route's four, as its goal compares
 * them. Adapters: `BENCH_TRIP_ADAPTERS` (default `fastify`; `express,fastify`). The servers'
 * environment passes through (`BENCH_ASYNC_CONTEXT=0` for an A/B of the current-context storage);
 * `BENCH_TRIP_NODE_FLAGS`: extra flags of both server processes (those `NODE_OPTIONS` accepts).
 *
 * Printed: each run, then per adapter and workload the medians of the rounds and the median of
 * the per-round ratios `mcp / bare` of the CPU per trip, and for handshakes the rate ratio the CPU
 * alone would give (four bare trips' time over five MCP trips'), the figure `npm run bench`'s goal
 * reads. No goal is held here: this is a probe.
 *
 * Command: `npm run build && node dist/bench/trip-cpu.js`.
 */
import { runLoad } from './autocannon-run.js';
import { BENCH_ADAPTERS, type BenchAdapter } from './apps.js';
import { failureCount, REQUESTS_PER_SEQUENCE, type Workload } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { listEnv, positiveEnv, wordsEnv } from './options.js';
import { median } from './phase-checks.js';
import { startServerProcess, type ServerProcess } from './servers/server-process.js';
import { mainThreadSample, type ThreadSample } from './thread-cpu.js';
import { BASE_HEADERS } from './workload.js';

const WORKLOADS = ['echo', 'list', 'handshake'] as const;
type TripWorkload = (typeof WORKLOADS)[number];

/** One server under one workload. */
interface Arm {
  name: string;
  server: ServerProcess;
  workload: Workload;
  headers: Record<string, string>;
}

/** What one run of an arm cost per trip. */
interface TripCost {
  onCpuUs: number;
  userUs: number;
  systemUs: number;
  otherThreadsUs: number;
  minorFaults: number;
  contextSwitches: number;
}

const connections = positiveEnv('BENCH_CONNECTIONS', 50, true);
const durationSec = positiveEnv('BENCH_DURATION', 4, false);
const warmupSec = positiveEnv('BENCH_WARMUP', 2, false);
const rounds = positiveEnv('BENCH_ROUNDS', 3, true);
const workloads = listEnv('BENCH_TRIP_WORKLOADS', WORKLOADS, 'workload');
const adapters = listEnv('BENCH_TRIP_ADAPTERS', BENCH_ADAPTERS, 'adapter', ['fastify']);
const nodeFlags = wordsEnv('BENCH_TRIP_NODE_FLAGS');

async function startPair(
  adapter: BenchAdapter,
): Promise<{ mcp: ServerProcess; bare: ServerProcess }> {
  const suffix = adapter === 'fastify' ? '-fastify' : '';
  const start = (kind: string, path: string) =>
    startServerProcess({
      name: `${adapter} ${kind.startsWith('bare') ? 'bare' : 'mcp'}`,
      kind,
      path,
      ...(nodeFlags.length
        ? {
            env: {
              NODE_OPTIONS: [process.env.NODE_OPTIONS, ...nodeFlags].filter(Boolean).join(' '),
            },
          }
        : {}),
    });
  return {
    mcp: await start(`nestjs-mcp${suffix}`, '/mcp'),
    bare: await start(`bare${suffix}`, '/rpc'),
  };
}

/** The two arms of a workload: the MCP server's and the bare route's. */
async function armsOf(
  pair: { mcp: ServerProcess; bare: ServerProcess },
  workload: TripWorkload,
): Promise<[Arm, Arm]> {
  const handshake = workload === 'handshake';
  const session = handshake ? {} : await openMcpSession(pair.mcp.url);
  return [
    {
      name: `${pair.mcp.name} ${workload}`,
      server: pair.mcp,
      workload: handshake ? 'handshake-delete' : workload,
      headers: { ...BASE_HEADERS, ...session },
    },
    {
      name: `${pair.bare.name} ${workload}`,
      server: pair.bare,
      workload,
      headers: { ...BASE_HEADERS },
    },
  ];
}

function sample(server: ServerProcess): ThreadSample {
  const read = mainThreadSample(server.pid);
  if (!read) {
    throw new Error(`cannot read the CPU time of ${server.name} (pid ${server.pid}): Linux only`);
  }
  return read;
}

async function measure(arm: Arm, seconds: number): Promise<TripCost> {
  const before = sample(arm.server);
  const result = await runLoad(arm.server.url, arm.headers, connections, seconds, false, {
    workload: arm.workload,
  });
  const after = sample(arm.server);
  const failed = failureCount(result);
  if (failed > 0 || result.completed === 0) {
    throw new Error(
      `${arm.name}: ${failed} failed of ${result.completed} trips (${result.firstBad ?? ''})`,
    );
  }
  const trips = result.completed;
  const mainMs = (after.onCpuNs - before.onCpuNs) / 1e6;
  return {
    onCpuUs: (mainMs * 1000) / trips,
    userUs: ((after.userMs - before.userMs) * 1000) / trips,
    systemUs: ((after.systemMs - before.systemMs) * 1000) / trips,
    otherThreadsUs: (Math.max(0, after.processCpuMs - before.processCpuMs - mainMs) * 1000) / trips,
    minorFaults: (after.minorFaults - before.minorFaults) / trips,
    contextSwitches: (after.contextSwitches - before.contextSwitches) / trips,
  };
}

const row = (name: string, c: TripCost) =>
  `  ${name.padEnd(26)} ${c.onCpuUs.toFixed(1).padStart(7)} ${c.userUs.toFixed(1).padStart(6)} ` +
  `${c.systemUs.toFixed(1).padStart(6)} ${c.otherThreadsUs.toFixed(1).padStart(6)} ` +
  `${c.minorFaults.toFixed(2).padStart(6)} ${c.contextSwitches.toFixed(2).padStart(6)}`;
const HEADER =
  `  ${'arm'.padEnd(26)} ${'on CPU'.padStart(7)} ${'user'.padStart(6)} ${'system'.padStart(6)} ` +
  `${'others'.padStart(6)} ${'faults'.padStart(6)} ${'switch'.padStart(6)}`;

/** The medians of each figure over the runs. */
function medianCost(runs: TripCost[]): TripCost {
  const of = (key: keyof TripCost) => median(runs.map((r) => r[key]));
  return {
    onCpuUs: of('onCpuUs'),
    userUs: of('userUs'),
    systemUs: of('systemUs'),
    otherThreadsUs: of('otherThreadsUs'),
    minorFaults: of('minorFaults'),
    contextSwitches: of('contextSwitches'),
  };
}

async function main(): Promise<void> {
  console.log(
    `${connections} connections, ${durationSec} s per run, ${rounds} round(s); per trip, µs of the ` +
      'main thread (on CPU exact; user/system from clock ticks), µs of its other threads, minor ' +
      'faults and context switches',
  );
  for (const adapter of adapters) {
    const pair = await startPair(adapter);
    try {
      const arms: [Arm, Arm][] = [];
      for (const workload of workloads) arms.push(await armsOf(pair, workload));
      for (const arm of arms.flat()) await measure(arm, warmupSec);
      const runs = new Map<Arm, TripCost[]>(arms.flat().map((a) => [a, []]));
      console.log(`\n${adapter}\n${HEADER}`);
      for (let round = 1; round <= rounds; round++) {
        for (const arm of arms.flat()) {
          const cost = await measure(arm, durationSec);
          runs.get(arm)!.push(cost);
          console.log(row(`${arm.name} #${round}`, cost));
        }
      }
      console.log(`\n${adapter}, medians of ${rounds} round(s)\n${HEADER}`);
      for (const [mcp, bare] of arms) {
        const ours = runs.get(mcp)!;
        const base = runs.get(bare)!;
        console.log(row(mcp.name, medianCost(ours)));
        console.log(row(bare.name, medianCost(base)));
        const ratio = median(ours.map((r, i) => r.onCpuUs / base[i]!.onCpuUs));
        let line = `  ${mcp.name.replace(/ mcp /, ' ')}: CPU per trip mcp / bare ${ratio.toFixed(2)}x`;
        if (mcp.workload !== bare.workload) {
          const tripsOurs = REQUESTS_PER_SEQUENCE[mcp.workload];
          const tripsBase = REQUESTS_PER_SEQUENCE[bare.workload];
          const rate = median(
            ours.map((r, i) => (base[i]!.onCpuUs * tripsBase) / (r.onCpuUs * tripsOurs)),
          );
          line += `; handshakes per CPU second, mcp (${tripsOurs} trips) / bare (${tripsBase}) ${rate.toFixed(2)}x`;
        }
        console.log(line);
      }
    } finally {
      await Promise.all([pair.mcp.close(), pair.bare.close()]);
    }
  }
}

await main();
