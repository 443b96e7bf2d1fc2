/**
 * `npm run bench:instructions`: CPU instructions per `tools/call echo` on the server, counted by
 * `valgrind --tool=callgrind` (repeatable whatever the machine's load, unlike time). Each server
 * (`bench/servers/server-entry.ts`) runs in its own process under callgrind with instrumentation
 * off; once ready it is warmed up uninstrumented, then a window is opened around
 * `BENCH_INSTR_CALLS` calls over keep-alive connections and its instruction total read back.
 * Prints instructions per call per arm and the ratios behind issue 28's goals: the MCP app to the
 * bare Nest route of its adapter, the fast path to the raw `node:http` echo.
 *
 * Settings: `BENCH_INSTR_CALLS` (1000), `BENCH_INSTR_WARMUP` (2000 per era),
 * `BENCH_INSTR_CONCURRENCY` (4), `BENCH_INSTR_SETTLE` (300 calls between the full GC and a
 * window), `BENCH_INSTR_ROUNDS` (1 window per arm; 2 shows the spread),
 * `BENCH_INSTR_SERVERS` (comma-separated names of {@link SERVERS}, default all),
 * `BENCH_BASELINE_REF` (the MCP and fast-path servers built from that commit too),
 * `BENCH_INSTR_KEEP=1` (keep the callgrind output files, for `callgrind_annotate`),
 * `BENCH_INSTR_V8_FLAGS` (the server's V8 flags, none by default).
 */
import { loadBaselineLibrary } from './baseline-library.js';
import { startCallgrindServer } from './callgrind-server.js';
import { sendEchoCalls } from './keepalive-calls.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv } from './options.js';
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
  settle: positiveEnv('BENCH_INSTR_SETTLE', 300, true),
};

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
  if (era === '2025') return openMcpSession(url);
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
    const calls = (era: Era, headers: Record<string, string>, count: number) =>
      sendEchoCalls({
        url: started.url,
        headers,
        modern: era === '2026',
        count,
        concurrency: settings.concurrency,
      });
    for (const { era, headers } of eras) await calls(era, headers, settings.warmup);
    for (let round = 0; round < settings.rounds; round++) {
      for (const { era, headers } of eras) {
        // A full GC, then uninstrumented calls that sweep what it freed (lazily, on the main
        // thread): every window starts from the same heap, whatever the windows before left.
        await started.fullGc();
        await calls(era, headers, settings.settle);
        const counted = await started.count(() => calls(era, headers, settings.calls));
        const perCall = {
          main: Math.round(counted.main / settings.calls),
          all: Math.round(counted.all / settings.calls),
        };
        const arm = era === 'bare' ? label : `${label} ${era}`;
        figures.set(arm, [...(figures.get(arm) ?? []), perCall]);
        console.log(`${arm.padEnd(28)} main thread ${perCall.main}, all ${perCall.all}`);
      }
    }
  } finally {
    await started.close();
  }
  return figures;
}

function ratioRows(perCall: Map<string, PerCall>): string[] {
  const rows: string[] = [];
  const ratio = (name: string, over: string, under: string, goal: number) => {
    const a = perCall.get(over);
    const b = perCall.get(under);
    if (a === undefined || b === undefined) return;
    const main = a.main / b.main;
    const all = a.all / b.all;
    rows.push(
      `${name.padEnd(36)} ${main.toFixed(2).padStart(6)}x ${all.toFixed(2).padStart(6)}x` +
        `   <= ${goal.toFixed(2)}x  ${main <= goal ? 'met' : 'NOT MET'}`,
    );
  };
  for (const adapter of ['express', 'fastify']) {
    for (const era of MCP_ERAS) {
      ratio(`mcp ${era} / bare, ${adapter}`, `mcp-${adapter} ${era}`, `bare-${adapter}`, 1);
    }
    for (const era of MCP_ERAS) {
      ratio(`fast path ${era} / raw node, ${adapter}`, `fast-${adapter} ${era}`, 'raw', 2);
    }
  }
  return rows;
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
  const baseline = ref ? await loadBaselineLibrary(ref) : undefined;
  console.log(
    `instructions per tools/call under callgrind: ${settings.calls} calls per window after ` +
      `${settings.warmup} warm-up calls per era, ${settings.concurrency} in flight`,
  );
  const figures = new Map<string, PerCall[]>();
  for (const server of selectedServers()) {
    for (const [arm, values] of await measure(server, server.name, {})) figures.set(arm, values);
    if (baseline && server.eras === MCP_ERAS) {
      const env = { BENCH_SERVER_LIBRARY_REF: ref! };
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
  const rows = ratioRows(perCall);
  if (rows.length > 0) {
    console.log(
      `\ninstruction ratio (main thread, all threads; lower is cheaper; goal as instructions)`,
    );
    for (const row of rows) console.log(row);
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
