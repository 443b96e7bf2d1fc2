/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): time by area (GC, Node internals, each
 * package, our lib) and the top functions by self time, optionally only those whose script URL
 * contains a filter (e.g. `dist/lib/`), with their inclusive time.
 *
 *   node dist/bench/cpuprofile-top.js <file.cpuprofile> [url-filter] [count]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/dist\/([^/]+)\//.exec(url);
  return own ? `dist/${own[1]}` : url;
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(dist|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`;
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

/** Prints the summary of one profile file. */
export function summariseProfile(file: string, filter = '', count = 20): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += dt;
      return;
    }
    total += dt;
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + dt);
    const a = area(node.callFrame.url, node.callFrame.functionName);
    areas.set(a, (areas.get(a) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf(byId.get(n)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  });

  console.log(`${file}\nbusy ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
  console.log('\nself time by area (share of busy time):');
  for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 15)) {
    console.log(`  ${pct(t, total)}  ${a}`);
  }
  console.log(`\ntop ${count} self time${filter ? ` in "${filter}"` : ''} (self | inclusive):`);
  const rows = [...self].filter(([k]) => k.includes(filter)).sort((x, y) => y[1] - x[1]);
  for (const [k, t] of rows.slice(0, count)) {
    console.log(`  ${pct(t, total)} | ${pct(inclusive.get(k) ?? 0, total)}  ${k}`);
  }
}

const [file, filter, count] = process.argv.slice(2);
if (!file) {
  console.error('usage: node dist/bench/cpuprofile-top.js <file.cpuprofile> [url-filter] [count]');
  process.exit(2);
}
summariseProfile(file, filter, count ? Number(count) : undefined);
