/**
 * `npm run bench:instructions`: CPU instructions per `tools/call echo` on the server, counted by
 * `valgrind --tool=callgrind` (repeatable whatever the machine's load, unlike time). Each server
 * (`bench/servers/server-entry.ts`) runs in its own process under callgrind with instrumentation
 * off; once ready it is warmed up uninstrumented, then a window is opened around
 * `BENCH_INSTR_CALLS` calls over keep-alive connections and its instruction total read back (the
 * window's calls go on on the connections of the settle calls just before it, see below).
 * Prints instructions per call per arm, then issue 41's goal per mount and era: MCP's own
 * instructions per call (the arm less its baseline: the bare Nest route of the same adapter for the
 * controller mount, the raw `node:http` echo for the fast path) at most 60k, with its status, and
 * per mount the 2026-07-28 arm's instructions per call against the 2025 arm's (at most 1.1x).
 * Then the handshakes (`bench/handshake-trips.ts`): per MCP arm `initialize` alone (its sessions
 * ended after the window) and the five trips of `npm run bench`'s handshake (`initialize`,
 * `notifications/initialized`, `tools/list`, `tools/call`, `DELETE`), per baseline the bare
 * route's four; with issue 41's goals: `initialize` at most 2× a 2025 `tools/call`, a handshake
 * at most 1/0.7 of its baseline's four trips (what ≥ 0.7× its rate takes, CPU bound).
 * Calls whose keep-alive connection the server closed under them are resent on a fresh one
 * (`keepalive-calls.ts`) and counted in the arm's line; a session's `initialize` reset likewise is
 * sent again (a reset that persists, or any other failure, still ends the run).
 *
 * Settings: `BENCH_INSTR_CALLS` (1000), `BENCH_INSTR_WARMUP` (2000 per era),
 * `BENCH_INSTR_CONCURRENCY` (4), `BENCH_INSTR_SETTLE` (6000 calls between the full GC and a
 * window: the GC's two passes with the server idle drop the object shapes V8 keeps for only two
 * full GCs unused, `--retain-maps-for-n-gc`, and with them the optimised code of the request path,
 * Node's and ours; after 300 calls that code was still being rebuilt, so a window counted partly
 * unoptimised code and its recompilation on the compiler thread: the raw echo read 193-198k on
 * the main thread and 549-580k on all threads, 126-130k and 168-329k after 3000. V8 optimises a
 * small function that no optimised caller inlines only after thousands of calls (its bytecode
 * budget is spent a few bytes per call): after 3000, fast-express 2026 windows still compiled
 * `dispatchModern`, `serveModern` and `readJsonBody` (`--trace-opt`) and read 130-136k on the main
 * thread, 185-223k on all threads, against 117-123k and 141-165k for 2025; after 6000, 135-136k
 * and 167-179k against 122-123k and 153-185k, every window of both eras within 1 %;
 * before a handshake window, the same calls then `BENCH_INSTR_HANDSHAKE_SETTLE` handshakes),
 * `BENCH_INSTR_HANDSHAKES` (300 per window; `BENCH_INSTR_HANDSHAKE=0` skips them),
 * `BENCH_INSTR_HANDSHAKE_SETTLE` (1500 handshakes of the window's kind before it, and as many of
 * each kind once before the rounds: the settle calls leave the code that handshakes share with
 * calls optimised for calls alone, and the first handshakes deoptimise it; after 300 of them it
 * was still being rebuilt: on the fast path on Express, 300 read initialize 241-262k and the
 * handshake 635-639k (raw's four trips 375-399k), 1500 read 185-200k and 525-527k (341-342k)),
 * `BENCH_INSTR_ROUNDS` (1 window per arm; 2 shows the spread and measures each era first once:
 * rounds alternate the order of the eras),
 * `BENCH_INSTR_SERVERS` (comma-separated names of {@link SERVERS}, default all),
 * `BENCH_BASELINE_REF` (the MCP and fast-path servers built from that commit too; both sides then
 * load their library the same way, the commit's build or a copy of this checkout's `dist/lib`,
 * `bench/baseline-library.ts`, so the two processes differ only by the library's code. Known
 * bias, not removed by that: with `BENCH_BASELINE_REF=HEAD` the commit's side still read 11-35k
 * fewer per call on mcp-fastify (six runs, two rounds). The emitted JavaScript is the same but for the
 * source-map comment; callgrind profiles of the two sides show the difference in what V8 made of
 * the same code in each process, and it lasts for the process's life (two windows of one process
 * agree, two processes do not): in one, Node's `process.nextTick` built its tick objects through
 * the runtime (about 16k per call), in another more scavenge root walks and literal copies through
 * their allocation sites. Read a before/after under about 10 % as noise; calibrate with `HEAD`),
 * `BENCH_INSTR_KEEP=1` (keep the callgrind output files, for `callgrind_annotate`),
 * `BENCH_INSTR_V8_FLAGS` (the server's V8 flags, none by default).
 */
import { Agent } from 'node:http';
import { buildBaselineLibrary, copyCheckoutLibrary } from './baseline-library.js';
import { startCallgrindServer } from './callgrind-server.js';
import { endSessions, sendHandshakes, type HandshakeKind } from './handshake-trips.js';
import { retryOnReset, sendEchoCalls } from './keepalive-calls.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv } from './options.js';
import { printTargets, type TargetCheck } from './targets.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

/** How a server is called: the bare JSON-RPC echo, a 2025 session, a 2026-07-28 stateless call. */
type Era = 'bare' | '2025' | '2026';

interface InstrServer {
  name: string;
  kind: string;
  path: string;
  eras: Era[];
}

const MCP_ERAS: Era[] = ['2025', '2026'];

/** Every server of the bench, by the name `BENCH_INSTR_SERVERS` selects. */
const SERVERS: InstrServer[] = [
  { name: 'raw', kind: 'raw-node', path: '/rpc', eras: ['bare'] },
  { name: 'bare-express', kind: 'bare', path: '/rpc', eras: ['bare'] },
  { name: 'bare-fastify', kind: 'bare-fastify', path: '/rpc', eras: ['bare'] },
  { name: 'mcp-express', kind: 'nestjs-mcp', path: '/mcp', eras: MCP_ERAS },
  { name: 'mcp-fastify', kind: 'nestjs-mcp-fastify', path: '/mcp', eras: MCP_ERAS },
  { name: 'fast-express', kind: 'nestjs-mcp-fast', path: '/mcp', eras: MCP_ERAS },
  { name: 'fast-fastify', kind: 'nestjs-mcp-fast-fastify', path: '/mcp', eras: MCP_ERAS },
];

const settings = {
  calls: positiveEnv('BENCH_INSTR_CALLS', 1000, true),
  warmup: positiveEnv('BENCH_INSTR_WARMUP', 2000, true),
  concurrency: positiveEnv('BENCH_INSTR_CONCURRENCY', 4, true),
  rounds: positiveEnv('BENCH_INSTR_ROUNDS', 1, true),
  settle: positiveEnv('BENCH_INSTR_SETTLE', 6000, true),
  handshakes:
    process.env.BENCH_INSTR_HANDSHAKE === '0'
      ? 0
      : positiveEnv('BENCH_INSTR_HANDSHAKES', 300, true),
  handshakeSettle: positiveEnv('BENCH_INSTR_HANDSHAKE_SETTLE', 1500, true),
};

/** The handshake windows of a server: `initialize` alone and five trips (MCP), four (baselines). */
function handshakeKinds(server: InstrServer): HandshakeKind[] {
  if (settings.handshakes === 0) return [];
  return server.eras === MCP_ERAS ? ['initialize', 'mcp'] : ['bare'];
}

function selectedServers(): InstrServer[] {
  const raw = process.env.BENCH_INSTR_SERVERS;
  if (!raw) return SERVERS;
  return raw.split(',').map((name) => {
    const server = SERVERS.find((s) => s.name === name.trim());
    if (!server) {
      throw new Error(`BENCH_INSTR_SERVERS: unknown "${name}" (${SERVERS.map((s) => s.name)})`);
    }
    return server;
  });
}

async function headersOf(url: string, era: Era): Promise<Record<string, string>> {
  if (era === '2025') return retryOnReset(() => openMcpSession(url));
  return era === '2026' ? { ...BASE_HEADERS, ...MODERN_HEADERS } : { ...BASE_HEADERS };
}

/** Instructions per call of one window: the main thread, every thread. */
interface PerCall {
  main: number;
  all: number;
}

/** Measures one server process; resolves with the figures of each window, by arm name. */
async function measure(
  server: InstrServer,
  label: string,
  env: Record<string, string>,
): Promise<Map<string, PerCall[]>> {
  const started = await startCallgrindServer(server.kind, server.path, env);
  const figures = new Map<string, PerCall[]>();
  try {
    const eras = await Promise.all(
      server.eras.map(async (era) => ({ era, headers: await headersOf(started.url, era) })),
    );
    const calls = (era: Era, headers: Record<string, string>, count: number, agent?: Agent) =>
      sendEchoCalls({
        url: started.url,
        headers,
        modern: era === '2026',
        count,
        concurrency: settings.concurrency,
        agent,
      });
    for (const { era, headers } of eras) await calls(era, headers, settings.warmup);
    const kinds = handshakeKinds(server);
    const handshakes = (kind: HandshakeKind, count: number) =>
      sendHandshakes({ url: started.url, kind, count, concurrency: settings.concurrency });
    for (const kind of kinds) {
      const { sessions } = await handshakes(kind, settings.handshakeSettle);
      await endSessions(started.url, sessions);
    }
    const record = (arm: string, perCall: PerCall, resent: number) => {
      figures.set(arm, [...(figures.get(arm) ?? []), perCall]);
      console.log(
        `${arm.padEnd(28)} main thread ${perCall.main}, all ${perCall.all}` +
          (resent > 0 ? ` (${resent} requests resent after a reset connection)` : ''),
      );
    };
    for (let round = 0; round < settings.rounds; round++) {
      // Every other round measures the eras in reverse, so with two rounds each era has a window
      // measured first, and the arm's figure is its lowest window. (The era measured second read
      // 20-35k more per call on the fast path while each window had connections of its own: see
      // the settle below.)
      for (const { era, headers } of round % 2 === 0 ? eras : [...eras].reverse()) {
        // A full GC, then uninstrumented calls that sweep what it freed (lazily, on the main
        // thread) and get the code it deoptimised optimised again: every window starts from the
        // same heap and the steady state, whatever the windows before left.
        await started.fullGc();
        // The window goes on on the settle's connections, with no batch end in between: when the
        // window opened connections of its own, the settle's four sockets closed just before it
        // (their close path deoptimised Node's stream and parser code, `wrong map`), and the
        // window ran that code unoptimised and recompiled it: fast-express 2026 read 155k per call
        // on the main thread and 289k on all threads measured second in its round (2025: 120k,
        // 169k measured first), 130k and 185k going on on the settle's connections.
        const agent = new Agent({ keepAlive: true, maxSockets: settings.concurrency });
        let resent = 0;
        let counted;
        try {
          await calls(era, headers, settings.settle, agent);
          counted = await started.count(async () => {
            resent = await calls(era, headers, settings.calls, agent);
          });
        } finally {
          agent.destroy();
        }
        const perCall = {
          main: Math.round(counted.main / settings.calls),
          all: Math.round(counted.all / settings.calls),
        };
        record(era === 'bare' ? label : `${label} ${era}`, perCall, resent);
      }
      for (const kind of kinds) {
        await started.fullGc();
        await calls(eras[0].era, eras[0].headers, settings.settle);
        // Handshakes of the window's kind too: the code only they run (initialize, tools/list,
        // DELETE) is optimised again after the GC, as the calls settle the code of a call.
        await endSessions(started.url, (await handshakes(kind, settings.handshakeSettle)).sessions);
        let done = { resent: 0, sessions: [] as string[] };
        const counted = await started.count(async () => {
          done = await handshakes(kind, settings.handshakes);
        });
        await endSessions(started.url, done.sessions);
        const perHandshake = {
          main: Math.round(counted.main / settings.handshakes),
          all: Math.round(counted.all / settings.handshakes),
        };
        record(
          `${label} ${kind === 'initialize' ? 'initialize' : 'handshake'}`,
          perHandshake,
          done.resent,
        );
      }
    }
  } finally {
    await started.close();
  }
  return figures;
}

/** MCP's own work per `tools/call` at most this many instructions above the baseline (issue 41). */
const INCREMENT_GOAL = 60_000;

/**
 * Issue 41's goal per mount and era: the main thread's instructions per call of the MCP arm, less
 * those of its baseline (the bare Nest route of the same adapter for the controller mount, the raw
 * `node:http` echo for the fast path), at most {@link INCREMENT_GOAL}.
 */
function incrementChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const check = (arm: string, baseline: string) => {
    const ours = perCall.get(arm);
    const base = perCall.get(baseline);
    if (ours === undefined || base === undefined) return;
    checks.push({
      name: `${arm} over ${baseline}`,
      ratio: ours.main - base.main,
      goal: INCREMENT_GOAL,
      kind: 'max',
      unit: 'instr',
      detail: `${ours.main} - ${base.main} per call (${(ours.main / base.main).toFixed(2)}x)`,
    });
  };
  for (const adapter of ['express', 'fastify']) {
    for (const era of MCP_ERAS) check(`mcp-${adapter} ${era}`, `bare-${adapter}`);
  }
  for (const adapter of ['express', 'fastify']) {
    for (const era of MCP_ERAS) check(`fast-${adapter} ${era}`, 'raw');
  }
  return checks;
}

/** `initialize` at most this many times a 2025 `tools/call`'s instructions (issue 41). */
const INITIALIZE_GOAL = 2;
/** A handshake at ≥ 0.7× its baseline's rate: at most 1/0.7 of the baseline's instructions. */
const HANDSHAKE_GOAL = 1 / 0.7;

/**
 * Issue 41's handshake goals in instructions (main thread): per MCP arm, `initialize` over a
 * 2025 `tools/call`; the five-trip handshake over its baseline's four trips (the bare route of the
 * same adapter for the controller mount, the raw echo for the fast path).
 */
function handshakeChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ratio = (name: string, ours: string, base: string, goal: number, unit: string) => {
    const a = perCall.get(ours);
    const b = perCall.get(base);
    if (a === undefined || b === undefined) return;
    checks.push({
      name,
      ratio: a.main / b.main,
      goal,
      kind: 'max',
      detail: `${a.main} vs ${b.main} per ${unit}`,
    });
  };
  for (const mount of ['mcp', 'fast']) {
    for (const adapter of ['express', 'fastify']) {
      const arm = `${mount}-${adapter}`;
      const base = mount === 'mcp' ? `bare-${adapter}` : 'raw';
      ratio(
        `${arm} initialize / tools/call`,
        `${arm} initialize`,
        `${arm} 2025`,
        INITIALIZE_GOAL,
        'request',
      );
      ratio(
        `${arm} handshake (5 trips) / ${base} (4 trips)`,
        `${arm} handshake`,
        `${base} handshake`,
        HANDSHAKE_GOAL,
        'handshake',
      );
    }
  }
  return checks;
}

/** A stateless 2026-07-28 call at most this many times a 2025 session call's instructions. */
const ERA_GOAL = 1.1;

/** Issue 41's goal per mount: the 2026-07-28 arm's instructions per call within 10 % of the 2025 arm's. */
function eraChecks(perCall: ReadonlyMap<string, PerCall>): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const mount of ['mcp-express', 'mcp-fastify', 'fast-express', 'fast-fastify']) {
    const session = perCall.get(`${mount} 2025`);
    const stateless = perCall.get(`${mount} 2026`);
    if (session === undefined || stateless === undefined) continue;
    checks.push({
      name: `${mount} 2026 / 2025`,
      ratio: stateless.main / session.main,
      goal: ERA_GOAL,
      kind: 'max',
      detail: `${stateless.main} / ${session.main} per call`,
    });
  }
  return checks;
}

/** The lowest figure of an arm's windows (the one least disturbed by JIT and GC work). */
function lowest(values: PerCall[]): PerCall {
  return {
    main: Math.min(...values.map((v) => v.main)),
    all: Math.min(...values.map((v) => v.all)),
  };
}

async function main(): Promise<void> {
  const ref = process.env.BENCH_BASELINE_REF;
  const baseline = ref ? buildBaselineLibrary(ref) : undefined;
  // Both sides of a before/after load their library the same way (see the header).
  const checkout: Record<string, string> = baseline
    ? { BENCH_SERVER_LIBRARY: copyCheckoutLibrary() }
    : {};
  console.log(
    `instructions per tools/call under callgrind: ${settings.calls} calls per window after ` +
      `${settings.warmup} warm-up calls per era, ${settings.concurrency} in flight`,
  );
  const figures = new Map<string, PerCall[]>();
  for (const server of selectedServers()) {
    const mcp = server.eras === MCP_ERAS;
    for (const [arm, values] of await measure(server, server.name, mcp ? checkout : {})) {
      figures.set(arm, values);
    }
    if (baseline && mcp) {
      const env = { BENCH_SERVER_LIBRARY: baseline.entry };
      for (const [arm, values] of await measure(server, `${server.name}@${baseline.label}`, env)) {
        figures.set(arm, values);
      }
    }
  }
  const perCall = new Map<string, PerCall>();
  console.log(
    `\ninstructions per call (lowest window): main thread, all threads; every window's main thread`,
  );
  for (const [arm, values] of figures) {
    const low = lowest(values);
    perCall.set(arm, low);
    console.log(
      `${arm.padEnd(28)} ${String(low.main).padStart(9)} ${String(low.all).padStart(9)}  ` +
        values.map((v) => v.main).join(', '),
    );
  }
  const shakes = handshakeChecks(perCall);
  if (shakes.length > 0) {
    console.log(`\nhandshakes in instructions (main thread)`);
    printTargets(shakes);
  }
  const checks = incrementChecks(perCall);
  if (checks.length > 0) {
    console.log(`\nMCP's own instructions per tools/call (main thread): the arm less its baseline`);
    printTargets(checks);
  }
  const eras = eraChecks(perCall);
  if (eras.length > 0) {
    console.log(`\na stateless 2026-07-28 call against a 2025 session call (main thread)`);
    printTargets(eras);
  }
  if (baseline) {
    console.log(`\nbefore (${baseline.label}) / after (this checkout), main thread`);
    for (const [arm, after] of perCall) {
      const before = perCall.get(arm.replace(/^(\S+)/, `$1@${baseline.label}`));
      if (before === undefined || arm.includes('@')) continue;
      console.log(
        `${arm.padEnd(28)} ${before.main} -> ${after.main}  ${(after.main / before.main).toFixed(3)}x`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
