/**
 * `npm run bench:instructions`: CPU instructions per `tools/call echo` on the server, counted by
 * `valgrind --tool=callgrind` (repeatable whatever the machine's load, unlike time). Each server
 * (`bench/servers/server-entry.ts`) runs in its own process under callgrind with instrumentation
 * off; once ready it is warmed up uninstrumented, then a window is opened around
 * `BENCH_INSTR_CALLS` calls over keep-alive connections (those of the settle calls just before it)
 * and its instruction total read back
 * (`bench/instruction-windows.ts`). Two processes of the same code read up to ~20 % apart (what V8
 * made of the code lasts for the process's life: bare-fastify 134k and 158k per call, its four
 * handshake trips 464k and 557k), more than some goals' margins, so each server runs in
 * `BENCH_INSTR_PROCESSES` processes (`bench/instruction-processes.ts`): per arm each process's
 * lowest window is kept and the arm's figure is their median, printed with their min–max, its
 * spread and each process's figure. Prints that per arm, then issue 41's goals
 * (`bench/instruction-goals.ts`), all on the medians: per mount and era MCP's own
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
 * Settings: `BENCH_INSTR_CALLS` (5000: a window must hold many young-generation collections, or
 * whether one lands in it decides its figure; at 500 calls a window held none or one, and two
 * processes of the same code read fast-express 2026 127k and 135k per call, GC 0.6k and 7.9k of
 * it; at 5000 the GC's share is averaged and both eras of a process pay theirs),
 * `BENCH_INSTR_WARMUP` (2000 per era),
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
 * `BENCH_INSTR_HANDSHAKES` (1500 per window, for the GC's share as above; `BENCH_INSTR_HANDSHAKE=0`
 * skips them),
 * `BENCH_INSTR_HANDSHAKE_SETTLE` (6000 handshakes of the window's kind before it, and as many of
 * each kind once before the rounds: the settle calls leave the code that handshakes share with
 * calls optimised for calls alone, and the first handshakes deoptimise it; after 300 of them it
 * was still being rebuilt: on the fast path on Express, 300 read initialize 241-262k and the
 * handshake 635-639k (raw's four trips 375-399k), 1500 read 185-200k and 525-527k (341-342k);
 * with 1500 the compiler thread still worked in the window (fast-express handshakes 520-558k on
 * the main thread, 673-752k on all threads; `--trace-opt` showed compiles going on until about
 * 7500 handshakes after start), after 6000 with 1500 handshakes a window 500-533k and 518-544k;
 * each kind then gets a second window after half as many more, on the same connections, and the
 * lower counts: whether a major collection falls in a window depends on where it starts),
 * `BENCH_INSTR_ROUNDS` (1 window per arm and process; 2 measures each era first once: rounds
 * alternate the order of the eras; a process's lowest window counts),
 * `BENCH_INSTR_PROCESSES` (3 processes per server, and per side of a before/after: the fewest
 * with a median that one odd process does not move), `BENCH_INSTR_PARALLEL` (2 processes at once,
 * one per core of the machine it was written on: instruction counts do not depend on the load;
 * the raw echo in three processes at 300 calls a window, one at a time against two at once (and
 * beside another run, load average 10-20), read medians of 163k and 165k per call (processes
 * 153-287k and 143-170k) and 359k and 358k per handshake (358.8-359.4k and 355.9-360.8k); with
 * `BENCH_BASELINE_REF` a process and its baseline twin run side by side). The default run, seven
 * servers in three processes each, two at once, takes about an hour and a half on a loaded 2-core
 * machine (a fast-path process took 7-10 minutes at load average 8, the raw echo's 4),
 * `BENCH_INSTR_SERVERS` (comma-separated names of `SERVERS` in `bench/instruction-windows.ts`,
 * default all),
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
 * `BENCH_INSTR_V8_FLAGS` (the server's V8 flags, none by default), `BENCH_INSTR_VALGRIND_ARGS` (extra
 * valgrind arguments: `--cache-sim=yes`, `--branch-sim=yes`, see `callgrind-server.ts`).
 *
 * A process that builds Node's `process.nextTick` tick objects through V8's runtime (its feedback
 * for that literal went megamorphic; the Fastify arms' processes do in some runs and not in
 * others, 20-25k more per call, for the process's life) is marked `*` after its figure, and its
 * windows' lines say so: compare processes of one kind only.
 */
import { buildBaselineLibrary, copyCheckoutLibrary } from './baseline-library.js';
import { eraChecks, handshakeChecks, incrementChecks, type PerCall } from './instruction-goals.js';
import {
  combineProcesses,
  printArmFigures,
  processSettings,
  runPool,
} from './instruction-processes.js';
import {
  MCP_ERAS,
  measureProcess,
  selectedServers,
  settings,
  type ProcessJob,
} from './instruction-windows.js';
import { printTargets } from './targets.js';

/**
 * The processes of the run, in the order they start: per server, its processes one after another,
 * each process of this checkout followed by its twin on the baseline commit (an MCP server with
 * `BENCH_BASELINE_REF`), so that with two at once the two sides of a pair run side by side.
 */
function processJobs(baseline: { label: string; entry: string } | undefined): ProcessJob[] {
  // Both sides of a before/after load their library the same way (see the header).
  const checkout: Record<string, string> = baseline
    ? { BENCH_SERVER_LIBRARY: copyCheckoutLibrary() }
    : {};
  const jobs: ProcessJob[] = [];
  const count = processSettings.processes;
  for (const server of selectedServers()) {
    const mcp = server.eras === MCP_ERAS;
    for (let i = 1; i <= count; i++) {
      const tag = `#${i}/${count}`;
      jobs.push({ server, label: server.name, env: mcp ? checkout : {}, tag });
      if (baseline && mcp) {
        const env = { BENCH_SERVER_LIBRARY: baseline.entry };
        jobs.push({ server, label: `${server.name}@${baseline.label}`, env, tag });
      }
    }
  }
  return jobs;
}

async function main(): Promise<void> {
  const ref = process.env.BENCH_BASELINE_REF;
  const baseline = ref ? buildBaselineLibrary(ref) : undefined;
  const { processes, parallel } = processSettings;
  console.log(
    `instructions per tools/call under callgrind: ${settings.calls} calls per window after ` +
      `${settings.warmup} warm-up calls per era, ${settings.concurrency} in flight; ` +
      `${processes} processes per server, ${parallel} at once`,
  );
  const jobs = processJobs(baseline);
  const arms = combineProcesses(
    await runPool(
      jobs.map((job) => () => measureProcess(job)),
      parallel,
    ),
  );
  printArmFigures(arms);
  const perCall = new Map<string, PerCall>([...arms].map(([arm, f]) => [arm, f.median]));
  const shakes = handshakeChecks(perCall);
  if (shakes.length > 0) {
    console.log(`\nhandshakes in instructions (main thread, medians)`);
    printTargets(shakes);
  }
  const checks = incrementChecks(perCall);
  if (checks.length > 0) {
    console.log(
      `\nMCP's own instructions per tools/call (main thread, medians): the arm less its baseline`,
    );
    printTargets(checks);
  }
  const eras = eraChecks(perCall);
  if (eras.length > 0) {
    console.log(`\na stateless 2026-07-28 call against a 2025 session call (main thread, medians)`);
    printTargets(eras);
  }
  if (baseline) {
    console.log(`\nbefore (${baseline.label}) / after (this checkout), main thread, medians`);
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
