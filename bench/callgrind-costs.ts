/**
 * Reads a kept callgrind window (`BENCH_INSTR_KEEP=1`, one file per thread) into self costs per
 * function, with V8's JIT frames named from the `/tmp/perf-<pid>.map` that
 * `BENCH_INSTR_V8_FLAGS=--perf-basic-prof` makes the server write, and sums them by kind (garbage
 * collection, inline-cache builtins, JSON, our code...). A window's total moves by 10-15 % with
 * whether a major GC fell in it; its total without the GC kinds compares two arms (or two eras of
 * one arm) on the work each call does. See `bench/callgrind-diff.ts` for the command.
 */

/** Self instructions by function name (JIT frames named when the perf map knows them). */
export type SelfCosts = Map<string, number>;

/** One code object of a perf map: where it starts, its size and its name. */
interface PerfEntry {
  start: bigint;
  size: bigint;
  name: string;
}

/**
 * The code objects of a `--perf-basic-prof` map (`<start hex> <size hex> <name>` a line). Code
 * moves and its addresses are reused: the last entry at an address wins.
 */
export class PerfMap {
  private readonly entries: PerfEntry[];
  private readonly starts: bigint[];

  constructor(text: string) {
    const byStart = new Map<bigint, PerfEntry>();
    for (const line of text.split('\n')) {
      const match = /^([0-9a-f]+) ([0-9a-f]+) (.+)$/i.exec(line);
      if (!match) continue;
      const start = BigInt(`0x${match[1]}`);
      byStart.set(start, { start, size: BigInt(`0x${match[2]}`), name: match[3] });
    }
    this.entries = [...byStart.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
    this.starts = this.entries.map((e) => e.start);
  }

  /** The name of the code object holding `address`, or undefined. */
  nameAt(address: bigint): string | undefined {
    let low = 0;
    let high = this.starts.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.starts[mid] <= address) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const entry = found >= 0 ? this.entries[found] : undefined;
    return entry && address < entry.start + entry.size ? entry.name : undefined;
  }
}

/** A cost line: a position (possibly relative, `+2`, `-1`, `*`) then the event counts. */
const COST_LINE = /^[0-9+*-]/;

/**
 * The self cost of every function of a callgrind output file, in its `event`-th event (0: the
 * first, `Ir`; `eventIndex` finds another by name). A cost line right after a `calls=` line is the
 * call's inclusive cost, charged to the callee: not counted. Names compressed as `(id) name` are
 * expanded; `0x…` names (JIT code) are looked up in `map`.
 */
export function readSelfCosts(text: string, map?: PerfMap, event = 0): SelfCosts {
  const names = new Map<string, string>();
  const costs: SelfCosts = new Map();
  let current = '?';
  let afterCall = false;
  const expand = (token: string): string => {
    const match = /^\((\d+)\)(?: (.*))?$/.exec(token);
    if (!match) return token;
    if (match[2] !== undefined) names.set(match[1], match[2]);
    return names.get(match[1]) ?? token;
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=')) {
      current = nameOf(expand(line.slice(3).trim()), map);
      afterCall = false;
    } else if (line.startsWith('cfn=')) {
      expand(line.slice(4).trim()); // defines the id for later `fn=(id)` lines
    } else if (line.startsWith('calls=')) {
      afterCall = true;
    } else if (COST_LINE.test(line)) {
      if (afterCall) {
        afterCall = false;
        continue;
      }
      // Trailing zero counts are left out of a cost line.
      const cost = Number(line.split(' ')[1 + event] ?? 0);
      if (cost > 0) costs.set(current, (costs.get(current) ?? 0) + cost);
    }
  }
  return costs;
}

/**
 * The index of event `name` (`Ir`, `ILmr`, `DLmw`...) in a callgrind output file's `events:` line.
 * @throws Error when the file did not record it (cache events need `--cache-sim=yes`).
 */
export function eventIndex(text: string, name: string): number {
  const events = /^events: (.*)$/m.exec(text)?.[1].trim().split(/\s+/) ?? [];
  const index = events.indexOf(name);
  if (index < 0) throw new Error(`no event ${name} in this file (it has: ${events.join(' ')})`);
  return index;
}

/** The self cost of the functions of `costs` whose name matches `pattern`, summed. */
export function selfCostOf(costs: SelfCosts, pattern: RegExp): number {
  let sum = 0;
  for (const [name, cost] of costs) if (pattern.test(name)) sum += cost;
  return sum;
}

function nameOf(name: string, map: PerfMap | undefined): string {
  const match = /^0x([0-9a-f]+)$/i.exec(name);
  if (!match || !map) return name;
  return map.nameAt(BigInt(`0x${match[1]}`)) ?? name;
}

/** The kinds costs are summed by (a function counts in the first kind whose pattern it matches). */
export const COST_KINDS: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'gc',
    /Scaveng|Sweeper|Marking|MarkCompact|Evacuat|IterateObjectCache|GlobalHandles|RootVisitor|RootPointer|PointersUpdating|Heap::|ActiveSystemPages|__popcount|SizeFromMap|BodyDescriptor|RecordMigrated|WeakReferences|Worklist|Minor|ConcurrentMarking/,
  ],
  ['ic-builtins', /Builtins_\w*IC/],
  ['json', /JsonParser|JsonStringifier/],
  ['zod', /node_modules\/zod\//],
  ['ours', /\/dist\/lib\//],
  ['node-js', /^JS:.* node:/],
  ['other-js', /^JS:/],
];

/** Sums of `costs` by {@link COST_KINDS}, with `total` and `total-without-gc`. */
export function costsByKind(costs: SelfCosts): Map<string, number> {
  const sums = new Map<string, number>(COST_KINDS.map(([kind]) => [kind, 0]));
  let total = 0;
  for (const [name, cost] of costs) {
    total += cost;
    const kind = COST_KINDS.find(([, pattern]) => pattern.test(name))?.[0];
    if (kind) sums.set(kind, sums.get(kind)! + cost);
  }
  sums.set('total', total);
  sums.set('total-without-gc', total - sums.get('gc')!);
  return sums;
}

/** The functions whose self cost differs most between `a` and `b` (b − a), largest first. */
export function costDifferences(
  a: SelfCosts,
  b: SelfCosts,
): Array<{ name: string; a: number; b: number; delta: number }> {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names]
    .map((name) => {
      const before = a.get(name) ?? 0;
      const after = b.get(name) ?? 0;
      return { name, a: before, b: after, delta: after - before };
    })
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta));
}
