/**
 * Allocation bench (`npm run bench:allocations`): the bytes a server allocates per handshake and
 * per `tools/call`, garbage included, total and by allocation site. Each server runs in its own
 * process (`bench/servers/`) with `allocation-probe.ts` preloaded: V8's sampling heap profiler,
 * keeping the samples of objects the minor and major GCs collected (what scavenges cost is the
 * bytes allocated, mostly short-lived). After a warm-up (handshakes and calls), it samples
 * `BENCH_ALLOC_HANDSHAKES` handshakes (default 2000; the five trips of `handshake-trips.ts` on an
 * MCP server, the four bare trips on `raw` and `bare-*`), then `BENCH_ALLOC_CALLS` echo calls
 * (default 2000; one 2025 session on an MCP server), then (MCP) as many `initialize` requests
 * alone (their sessions ended after the window), `BENCH_ALLOC_CONCURRENCY` in flight (4).
 *
 * Printed per server: bytes per handshake and per call; then, for the handshakes, the top
 * `BENCH_ALLOC_TOP` (30) sites by self bytes (the function that allocated, file:line mapped to the
 * TypeScript source through the build's source maps), and the top sites by the innermost frame
 * of this library on the stack (`lib/`: Node's or Nest's allocations charged to the library code
 * that caused them). Estimates: one sample every `BENCH_ALLOC_INTERVAL` bytes (default 128),
 * scaled by V8; differences under a few percent between runs are noise.
 *
 * `BENCH_ALLOC_SERVERS`: names of `instruction-windows.ts` (default
 * `raw,bare-fastify,fast-express,fast-fastify,mcp-fastify`). `BENCH_BASELINE_REF=<commit>`: each
 * MCP server is measured again built from that commit (`baseline-library.ts`), as `name@commit`.
 *
 * `BENCH_ALLOC_SITES=call` or `initialize`: the sites of that window instead of the handshakes'.
 * `BENCH_ALLOC_NODE_FLAGS`: extra flags of the server processes (`--no-turbo-inlining`: each
 * function's own bytes, not those of the callees the optimiser inlined into it).
 *
 * Command: `npm run build && node dist/bench/allocations.js`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildBaselineLibrary } from './baseline-library.js';
import { endSessions, sendHandshakes, type HandshakeKind } from './handshake-trips.js';
import { MCP_ERAS, selectedServers, type InstrServer } from './instruction-windows.js';
import { sendEchoCalls } from './keepalive-calls.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv, wordsEnv } from './options.js';
import { startServerProcess, type ServerProcess } from './servers/server-process.js';
import { BASE_HEADERS } from './workload.js';

const ENTRY = fileURLToPath(new URL('./servers/server-entry.js', import.meta.url));
const PROBE = new URL('./servers/allocation-probe.js', import.meta.url).href;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Extra Node/V8 flags of the server (`BENCH_ALLOC_NODE_FLAGS`, e.g. `--no-turbo-inlining` to
 * charge inlined callees to themselves). */
const flags = wordsEnv('BENCH_ALLOC_NODE_FLAGS');

const settings = {
  handshakes: positiveEnv('BENCH_ALLOC_HANDSHAKES', 2000, true),
  calls: positiveEnv('BENCH_ALLOC_CALLS', 2000, true),
  warmup: positiveEnv('BENCH_ALLOC_WARMUP', 3000, true),
  concurrency: positiveEnv('BENCH_ALLOC_CONCURRENCY', 4, true),
  interval: positiveEnv('BENCH_ALLOC_INTERVAL', 128, true),
  top: positiveEnv('BENCH_ALLOC_TOP', 30, true),
  /** Whose sites are printed: `handshake` (default), `call` or `initialize`. */
  sites: (process.env.BENCH_ALLOC_SITES ?? 'handshake') as 'handshake' | 'call' | 'initialize',
};

/** A node of V8's sampling heap profile. */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

type CallFrame = ProfileNode['callFrame'];

const maps = new Map<string, SourceMap | undefined>();

/** `function file:line` of a frame, the file relative to the repository, mapped to its source. */
function siteOf(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url.startsWith('file://')) return `${name} ${frame.url || '(native)'}`;
  const file = fileURLToPath(frame.url);
  if (!maps.has(file)) {
    const map = `${file}.map`;
    maps.set(
      file,
      existsSync(map) ? new SourceMap(JSON.parse(readFileSync(map, 'utf8'))) : undefined,
    );
  }
  const entry = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  const source =
    entry && 'originalSource' in entry
      ? `${fileURLToPath(new URL(entry.originalSource, frame.url))}:${entry.originalLine + 1}`
      : `${file}:${frame.lineNumber + 1}`;
  return `${name} ${source.startsWith(ROOT) ? source.slice(ROOT.length) : source}`;
}

/** A frame of this library (this checkout's build, or a baseline commit's). */
const isOurs = (frame: CallFrame) =>
  frame.url.includes('/dist/lib/') || frame.url.includes('/.bench-baseline/');

/** Bytes by self site, and by the innermost frame of the library on the stack. */
function sitesOf(head: ProfileNode) {
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  let total = 0;
  const add = (map: Map<string, number>, key: string, bytes: number) =>
    map.set(key, (map.get(key) ?? 0) + bytes);
  const walk = (node: ProfileNode, owner: CallFrame | undefined) => {
    const mine = isOurs(node.callFrame) ? node.callFrame : owner;
    if (node.selfSize > 0) {
      total += node.selfSize;
      add(self, siteOf(node.callFrame), node.selfSize);
      add(ours, mine ? siteOf(mine) : '(no lib/ frame on the stack)', node.selfSize);
    }
    for (const child of node.children) walk(child, mine);
  };
  walk(head, undefined);
  return { total, self, ours };
}

async function sample(server: ServerProcess, work: () => Promise<unknown>): Promise<ProfileNode> {
  await server.request({ op: 'alloc-start', interval: settings.interval });
  await work();
  return (
    await server.request<{ profile: { head: ProfileNode }; error?: string }>({ op: 'alloc-stop' })
  ).profile.head;
}

function printTop(title: string, map: Map<string, number>, per: number): void {
  console.log(`  ${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, settings.top);
  for (const [site, bytes] of rows) {
    console.log(`    ${(bytes / per).toFixed(0).padStart(7)}  ${site}`);
  }
}

async function measure(
  server: InstrServer,
  label: string,
  env: Record<string, string> = {},
): Promise<void> {
  const mcp = server.eras === MCP_ERAS;
  const target = await startServerProcess({
    name: label,
    path: server.path,
    args: [...flags, '--import', PROBE, ENTRY, server.kind],
    env,
  });
  try {
    const handshakes = (count: number, kind: HandshakeKind = mcp ? 'mcp' : 'bare') =>
      sendHandshakes({ url: target.url, kind, count, concurrency: settings.concurrency });
    const headers = mcp ? await openMcpSession(target.url) : { ...BASE_HEADERS };
    const calls = (count: number) =>
      sendEchoCalls({
        url: target.url,
        headers,
        modern: false,
        count,
        concurrency: settings.concurrency,
      });
    await handshakes(settings.warmup);
    await calls(settings.warmup);
    const shaken = sitesOf(await sample(target, () => handshakes(settings.handshakes)));
    const called = sitesOf(await sample(target, () => calls(settings.calls)));
    let opened: string[] = [];
    const initialized = mcp
      ? sitesOf(
          await sample(target, async () => {
            opened = (await handshakes(settings.handshakes, 'initialize')).sessions;
          }),
        )
      : undefined;
    await endSessions(target.url, opened);
    const trips = mcp ? 'five trips' : 'four bare trips';
    const per = (bytes: number, count: number) => (bytes / count).toFixed(0);
    console.log(
      `\n${label}: ${per(shaken.total, settings.handshakes)} B per handshake (${trips}),` +
        ` ${per(called.total, settings.calls)} B per tools/call` +
        (initialized
          ? `, ${per(initialized.total, settings.handshakes)} B per initialize alone`
          : ''),
    );
    const window =
      settings.sites === 'call' ? called : settings.sites === 'initialize' ? initialized : shaken;
    if (!window) return;
    const count = settings.sites === 'call' ? settings.calls : settings.handshakes;
    printTop(`${settings.sites}, by self site (B each):`, window.self, count);
    if (mcp) printTop(`${settings.sites}, by innermost lib/ frame (B each):`, window.ours, count);
  } finally {
    await target.close();
  }
}

async function main(): Promise<void> {
  const servers = selectedServers(
    'BENCH_ALLOC_SERVERS',
    'raw,bare-fastify,fast-express,fast-fastify,mcp-fastify',
  );
  const ref = process.env.BENCH_BASELINE_REF;
  const baseline = ref ? buildBaselineLibrary(ref) : undefined;
  console.log(
    `${settings.handshakes} handshakes, ${settings.calls} calls, ${settings.concurrency} in flight,` +
      ` after ${settings.warmup} of each; one sample per ${settings.interval} B`,
  );
  for (const server of servers) {
    await measure(server, server.name);
    if (baseline && server.eras === MCP_ERAS) {
      await measure(server, `${server.name}@${baseline.label}`, {
        BENCH_SERVER_LIBRARY: baseline.entry,
      });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
