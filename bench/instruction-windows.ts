/**
 * One server process of `npm run bench:instructions` (`bench/instructions.ts`): the servers by
 * name, the settings of a window, and {@link measureProcess}, which starts a server under
 * callgrind (`bench/callgrind-server.ts`), warms it up, and counts its windows (calls per era,
 * then the handshakes), printing each window as it is read. The settings are described in
 * `bench/instructions.ts`.
 */
import { Agent } from 'node:http';
import { startCallgrindServer, type InstructionCount } from './callgrind-server.js';
import { endSessions, sendHandshakes, type HandshakeKind } from './handshake-trips.js';
import type { PerCall } from './instruction-goals.js';
import { retryOnReset, sendEchoCalls } from './keepalive-calls.js';
import { openMcpSession } from './mcp-session.js';
import { positiveEnv } from './options.js';
import { runtimeTicks } from './instruction-processes.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

/** How a server is called: the bare JSON-RPC echo, a 2025 session, a 2026-07-28 stateless call. */
export type Era = 'bare' | '2025' | '2026';

export interface InstrServer {
  name: string;
  kind: string;
  path: string;
  eras: Era[];
}

export const MCP_ERAS: Era[] = ['2025', '2026'];

/** Every server of the bench, by the name `BENCH_INSTR_SERVERS` selects. */
export const SERVERS: InstrServer[] = [
  { name: 'raw', kind: 'raw-node', path: '/rpc', eras: ['bare'] },
  { name: 'bare-express', kind: 'bare', path: '/rpc', eras: ['bare'] },
  { name: 'bare-fastify', kind: 'bare-fastify', path: '/rpc', eras: ['bare'] },
  { name: 'mcp-express', kind: 'nestjs-mcp', path: '/mcp', eras: MCP_ERAS },
  { name: 'mcp-fastify', kind: 'nestjs-mcp-fastify', path: '/mcp', eras: MCP_ERAS },
  { name: 'fast-express', kind: 'nestjs-mcp-fast', path: '/mcp', eras: MCP_ERAS },
  { name: 'fast-fastify', kind: 'nestjs-mcp-fast-fastify', path: '/mcp', eras: MCP_ERAS },
];

export const settings = {
  calls: positiveEnv('BENCH_INSTR_CALLS', 5000, true),
  warmup: positiveEnv('BENCH_INSTR_WARMUP', 2000, true),
  concurrency: positiveEnv('BENCH_INSTR_CONCURRENCY', 4, true),
  rounds: positiveEnv('BENCH_INSTR_ROUNDS', 1, true),
  settle: positiveEnv('BENCH_INSTR_SETTLE', 6000, true),
  handshakes:
    process.env.BENCH_INSTR_HANDSHAKE === '0'
      ? 0
      : positiveEnv('BENCH_INSTR_HANDSHAKES', 1500, true),
  handshakeSettle: positiveEnv('BENCH_INSTR_HANDSHAKE_SETTLE', 6000, true),
};

/** The handshake windows of a server: `initialize` alone and five trips (MCP), four (baselines). */
function handshakeKinds(server: InstrServer): HandshakeKind[] {
  if (settings.handshakes === 0) return [];
  return server.eras === MCP_ERAS ? ['initialize', 'mcp'] : ['bare'];
}

/**
 * The servers named (comma-separated) by the environment variable `variable`, else by `defaults`,
 * else all of them; an unknown name throws, listing the known ones.
 */
export function selectedServers(
  variable = 'BENCH_INSTR_SERVERS',
  defaults?: string,
): InstrServer[] {
  const raw = process.env[variable] || defaults;
  if (!raw) return SERVERS;
  return raw.split(',').map((name) => {
    const server = SERVERS.find((s) => s.name === name.trim());
    if (!server) {
      throw new Error(`${variable}: unknown "${name}" (${SERVERS.map((s) => s.name)})`);
    }
    return server;
  });
}

async function headersOf(url: string, era: Era): Promise<Record<string, string>> {
  if (era === '2025') return retryOnReset(() => openMcpSession(url));
  return era === '2026' ? { ...BASE_HEADERS, ...MODERN_HEADERS } : { ...BASE_HEADERS };
}

/** One server process to measure. */
export interface ProcessJob {
  server: InstrServer;
  /** The arms' names start with it: the server's name, `@<commit>` added on a baseline's side. */
  label: string;
  /** Added to the process's environment (the library it loads). */
  env: Record<string, string>;
  /** Printed before each of its windows: which of the server's processes it is, e.g. `#2`. */
  tag: string;
}

/**
 * Measures one server process; resolves with the figures of each of its windows, by arm name
 * (`<label>` for a baseline, `<label> <era>`, `<label> initialize`, `<label> handshake`).
 */
export async function measureProcess({
  server,
  label,
  env,
  tag,
}: ProcessJob): Promise<Map<string, PerCall[]>> {
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
    const handshakes = (kind: HandshakeKind, count: number, agent?: Agent) =>
      sendHandshakes({ url: started.url, kind, count, concurrency: settings.concurrency, agent });
    for (const kind of kinds) {
      const { sessions } = await handshakes(kind, settings.handshakeSettle);
      await endSessions(started.url, sessions);
    }
    const record = (arm: string, perCall: PerCall, resent: number) => {
      figures.set(arm, [...(figures.get(arm) ?? []), perCall]);
      console.log(
        `${`${tag} ${arm}`.padEnd(32)} main thread ${perCall.main}, all ${perCall.all}` +
          (runtimeTicks(perCall)
            ? `, tick objects through V8's runtime (${perCall.runtimeLiterals} a call)`
            : '') +
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
        record(
          era === 'bare' ? label : `${label} ${era}`,
          perUnit(counted, settings.calls),
          resent,
        );
      }
      for (const kind of kinds) {
        await started.fullGc();
        await calls(eras[0].era, eras[0].headers, settings.settle);
        // Handshakes of the window's kind too: the code only they run (initialize, tools/list,
        // DELETE) is optimised again after the GC, as the calls settle the code of a call. The
        // window goes on on the settle's connections, as the calls' windows do (see above): with
        // connections of its own, the settle's closed just before it and the window ran Node's
        // stream code deoptimised, recompiling it on V8's compiler threads during the window.
        const agent = new Agent({ keepAlive: true, maxSockets: settings.concurrency });
        try {
          // Two windows, the second after half a settle more. Sessions outlive the scavenges of
          // their requests and fill the old generation, so a major collection comes every few
          // thousand handshakes, and whether one falls in a window depends on where the window
          // starts: one build of fast-express read 487k and 492k a handshake after settles of
          // 4000 and 8000 handshakes, and 507-510k (with 0.2-0.3M more on V8's worker threads,
          // marking and sweeping) after 6000. The arm keeps a process's lowest window, as it
          // does over rounds: the work of the handshake's code, not where the old generation
          // happened to fill up.
          for (const settle of [
            settings.handshakeSettle,
            Math.ceil(settings.handshakeSettle / 2),
          ]) {
            const settled = await handshakes(kind, settle, agent);
            await endSessions(started.url, settled.sessions, agent);
            let done = { resent: 0, sessions: [] as string[] };
            const counted = await started.count(async () => {
              done = await handshakes(kind, settings.handshakes, agent);
            });
            await endSessions(started.url, done.sessions, agent);
            record(
              `${label} ${kind === 'initialize' ? 'initialize' : 'handshake'}`,
              perUnit(counted, settings.handshakes),
              done.resent,
            );
          }
        } finally {
          agent.destroy();
        }
      }
    }
  } finally {
    await started.close();
  }
  return figures;
}

/** A window's counts per unit of work (call or handshake), rounded. */
function perUnit(counted: InstructionCount, units: number): PerCall {
  return {
    main: Math.round(counted.main / units),
    all: Math.round(counted.all / units),
    runtimeLiterals: Math.round(counted.runtimeLiterals / units),
  };
}
