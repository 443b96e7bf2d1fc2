/**
 * Compares two kept callgrind windows per call, by kind of work and by function:
 *
 *   BENCH_INSTR_V8_FLAGS=--perf-basic-prof BENCH_INSTR_KEEP=1 BENCH_INSTR_SERVERS=fast-express \
 *     BENCH_INSTR_HANDSHAKE=0 node dist/bench/instructions.js
 *   node dist/bench/callgrind-diff.js <dir>/callgrind.out.1-01 <dir>/callgrind.out.2-01 \
 *     [--map /tmp/perf-<pid>.map] [--calls 500] [--top 40] [--event Ir]
 *
 * (`<dir>` is the directory `instructions.js` prints; window 1 of a server is its 2025 arm, 2 its
 * 2026-07-28 arm, and so on by round; `-01` is the main thread; the map defaults to the one of
 * the `pid:` the file names.) Prints per call each kind of `bench/callgrind-costs.ts` for both
 * windows, the total without the GC (what a major GC in one window does not move), then the
 * functions whose self cost differs most. `--event`: another event than the instructions (`Ir`),
 * one the windows recorded: with `BENCH_INSTR_VALGRIND_ARGS="--cache-sim=yes --LL=1048576,16,64"`,
 * `ILmr`, `DLmr`, `DLmw` are the misses of a 1 MiB second-level cache, `I1mr`, `D1mr` the
 * first level's.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  PerfMap,
  costDifferences,
  costsByKind,
  eventIndex,
  readSelfCosts,
  type SelfCosts,
} from './callgrind-costs.js';

interface Options {
  files: string[];
  map?: string;
  calls: number;
  top: number;
  event: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { files: [], calls: 500, top: 40, event: 'Ir' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--map') options.map = argv[++i];
    else if (arg === '--calls') options.calls = Number(argv[++i]);
    else if (arg === '--top') options.top = Number(argv[++i]);
    else if (arg === '--event') options.event = argv[++i] ?? '';
    else options.files.push(arg);
  }
  if (options.files.length !== 2 || !(options.calls > 0)) {
    throw new Error(
      'usage: callgrind-diff <window a> <window b> [--map perf.map] [--calls n] [--top n] [--event name]',
    );
  }
  return options;
}

/** The perf map of the process that wrote `text` (its `pid:` line), when it exists. */
function mapOf(text: string, path: string | undefined): PerfMap | undefined {
  const pid = /^pid: (\d+)/m.exec(text)?.[1];
  const file = path ?? (pid ? `/tmp/perf-${pid}.map` : undefined);
  return file && existsSync(file) ? new PerfMap(readFileSync(file, 'utf8')) : undefined;
}

function read(file: string, mapPath: string | undefined, event: string): SelfCosts {
  const text = readFileSync(file, 'utf8');
  return readSelfCosts(text, mapOf(text, mapPath), eventIndex(text, event));
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const [a, b] = options.files.map((file) => read(file, options.map, options.event));
  const per = (n: number) => Math.round(n / options.calls);
  const kindsA = costsByKind(a);
  const kindsB = costsByKind(b);
  const what = options.event === 'Ir' ? 'instructions' : options.event;
  console.log(`${what} per call (${options.calls} calls a window): a, b, b - a`);
  for (const [kind, sum] of kindsA) {
    const other = kindsB.get(kind)!;
    console.log(
      `${kind.padEnd(18)} ${String(per(sum)).padStart(8)} ${String(per(other)).padStart(8)} ${String(per(other - sum)).padStart(8)}`,
    );
  }
  console.log(`\nfunctions whose self cost differs most (per call): b - a, a, b`);
  for (const row of costDifferences(a, b).slice(0, options.top)) {
    console.log(
      `${String(per(row.delta)).padStart(7)} ${String(per(row.a)).padStart(7)} ${String(per(row.b)).padStart(7)}  ${row.name.slice(0, 130)}`,
    );
  }
}

main();
