import { bench } from './support/bench.js';

/** One bench:compare run for both of its tests (every server booted once, the baselines too). */
const COMPARE_SERVERS = [
  ...['nestjs-mcp', 'sdk1-stateful', 'sdk1-stateless'],
  ...['nestjs-mcp-fastify', 'nestjs-mcp-fast-fastify'],
];

import.meta.jest.setTimeout(240_000);
/** The shared bench:compare run boots eight servers: its tests wait longer for it. */
const COMPARE_TIMEOUT_MS = 420_000;

/**
 * Smoke of the bench harness (issue 16): each mode runs end to end against real servers and
 * prints its rows. No timing is asserted (the numbers of such short runs mean nothing); a mode
 * whose requests fail exits non-zero, which rejects here. The modes are split over three files
 * (bench-run, bench-baseline, bench-tools) so that jest's two workers share them. The sizes are
 * the smallest that still open every kind of session and stream the checks name: each run costs
 * mostly its server processes' start-ups, so bench:compare boots its servers once for both of its
 * tests (the Express and the Fastify rows in one table).
 */
describe('bench harness: the other bench scripts', () => {
  let compare: Promise<string> | undefined;
  /** The shared bench:compare run, started by the first test that reads it. */
  const compareRun = () =>
    (compare ??= bench('compare.js', {
      BENCH_IDLE_SESSIONS: '20',
      BENCH_COMPARE_SERVERS: COMPARE_SERVERS.join(','),
      // A young generation of 1 MiB, so that each server scavenges within its 0.1 s runs and
      // every row has its "GC kept" figure (the Fastify 2025 row asserts one below).
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=1'].filter(Boolean).join(' '),
    }));

  it('bench:cluster prints server CPU per call of every arm and both goals with their status', async () => {
    // 40 GET streams, not the default 2,000: the arm's sessions and streams open all the same.
    const out = await bench('cluster.js', { BENCH_STREAMS: '40' });
    for (const row of [
      /1 instance, memory +\d+ µs CPU\/call/,
      /1 instance, memory, keepAliveMs 0 +\d+ µs CPU\/call/,
      /per-POST keep-alive timer: -?\d+ µs CPU\/call/,
      /1 instance, Redis +\d+ µs CPU\/call/,
      /2 instances, Redis, proxy +\d+ µs CPU\/call/,
      /3 instances, Redis, proxy +\d+ µs CPU\/call/,
      /Redis \/ memory \(CPU per call\) +\d+\.\d\dx +<= 1\.10x +(met|NOT MET)/,
      /3 instances \/ 1 \(CPU per call\) +\d+\.\d\dx +<= 1\.20x +(met|NOT MET)/,
      /^40 of 40 GET streams open over 3 instances: Redis clients \d+ -> \d+ .* KiB per open stream$/m,
    ]) {
      expect(out).toMatch(row);
    }
  });

  it('bench:memory prints idle-session RSS and heap over three rounds, sessions held and the RSS spread of both call runs', async () => {
    const out = await bench('memory.js', {
      BENCH_IDLE_SESSIONS: '20',
      BENCH_HELD_SESSIONS: '40',
      BENCH_MEMORY_CALLS: '100',
      BENCH_MEMORY_CHECKPOINTS: '2',
    });
    expect(out).toMatch(
      /RSS per 1,000 idle sessions \(worst of 3 rounds\) +-?\d+\.\d MiB +<= 5\.0 MiB/,
    );
    expect(out).toMatch(
      /V8 heap per 1,000 idle sessions \(worst round\) +-?\d+\.\d MiB +<= 1\.5 MiB/,
    );
    expect(out).toMatch(/RSS per 1,000 steady across rounds \(spread\) +\d+\.\d MiB +<= 1\.0 MiB/);
    expect(out).toMatch(/idle sessions held \(of 40\) +100\.0 % +>= 100\.0 % +met +40 answered/);
    expect(out).toMatch(/RSS spread over 100 calls, one session +\d+\.\d %/);
    expect(out).toMatch(/RSS spread over 100 calls, fresh sessions +\d+\.\d %/);
  });

  it('bench:heap prints the classes an idle session retains, McpSession among them', async () => {
    const out = await bench('heap.js', { BENCH_HEAP_SESSIONS: '20' }, [
      '--max-old-space-size=4096',
    ]);
    expect(out).toMatch(/20 idle sessions: heap used \+-?\d+ B per session/);
    expect(out).toMatch(/^McpSession +\d+ +\d+ +1\.00$/m);
  });

  it('bench:allocations prints bytes per handshake and per call, and sites of the library', async () => {
    const out = await bench('allocations.js', {
      BENCH_ALLOC_SERVERS: 'raw,fast-express',
      BENCH_ALLOC_HANDSHAKES: '50',
      BENCH_ALLOC_CALLS: '50',
      BENCH_ALLOC_WARMUP: '50',
    });
    expect(out).toMatch(/^raw: \d+ B per handshake \(four bare trips\), \d+ B per tools\/call$/m);
    expect(out).toMatch(
      /^fast-express: \d+ B per handshake \(five trips\), \d+ B per tools\/call, \d+ B per initialize alone$/m,
    );
    // Sites mapped to the TypeScript source of the library, by the innermost library frame too.
    expect(out).toMatch(/^ +\d+ +\S+ lib\/transports\/\S+\.ts:\d+$/m);
    expect(out).toMatch(/handshake, by innermost lib\/ frame/);
  });

  it('bench:trip-cpu prints the CPU per trip of both arms of each workload and their ratios', async () => {
    const out = await bench('trip-cpu.js', { BENCH_CONNECTIONS: '4' });
    expect(out).toMatch(
      /^ {2}fastify mcp echo #1 +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d\d +\d+\.\d\d$/m,
    );
    expect(out).toMatch(/^ {2}fastify bare list +\d+\.\d/m);
    expect(out).toMatch(/^ {2}fastify echo: CPU per trip mcp \/ bare \d+\.\d\dx$/m);
    expect(out).toMatch(
      /^ {2}fastify handshake: CPU per trip mcp \/ bare \d+\.\d\dx; handshakes per CPU second, mcp \(5 trips\) \/ bare \(4\) \d+\.\d\dx$/m,
    );
  });

  it(
    'bench:compare prints the table of ratios to the bare route (servers on this Node)',
    async () => {
      const out = await compareRun();
      expect(out).toContain(
        '| server | tools/call | handshake | CPU µs/req (call, handshake) | call × raw node | GC kept (call) | RSS per 1k idle sessions (heap) |',
      );
      expect(out).toMatch(
        // GC kept is "—" when a server's run saw no scavenge (a short run on a loaded machine).
        /\| bare NestJS route \| 1\.00× \(\d+\/s\) \| 1\.00× \(\d+\/s\) \| \d+, \d+ \| \d+\.\d\d× \| (\d+\.\d %|—) \| — \|/,
      );
      expect(out).toMatch(
        /\| raw node:http echo \| \d+\.\d\d× .* \| \d+, \d+ \| 1\.00× \| (\d+\.\d %|—) \| — \|/,
      );
      expect(out).toMatch(
        /\| nestjs-mcp \(2025 session\) \| \d+\.\d\d× .* \| \d+, \d+ \| \d+\.\d\d× \| (\d+\.\d %|—) \| -?\d+\.\d MiB \(heap -?\d+\.\d\) \|/,
      );
      expect(out).toMatch(
        /\| official SDK v1 stateful \| \d+\.\d\d× .* \| -?\d+\.\d MiB \(heap -?\d+\.\d\) \|/,
      );
      expect(out).toMatch(/\| official SDK v1 stateless \| \d+\.\d\d× .* \| — \|/);
    },
    COMPARE_TIMEOUT_MS,
  );

  it(
    'bench:compare puts the Fastify rows against the bare Fastify route',
    async () => {
      const out = await compareRun();
      expect(out).toMatch(
        /\| nestjs-mcp fast path on Fastify \(2026-07-28 stateless\) \| \d+\.\d\d× \(\d+\/s\) \| — \| \d+, — \|/,
      );
      expect(out).toMatch(/\| bare NestJS route \(Fastify\) \| \d+\.\d\d× .* \| \d+, \d+ \|/);
      expect(out).toMatch(
        // GC kept "—" as above: the run saw no scavenge.
        /\| nestjs-mcp on Fastify \(2025 session\) \| \d+\.\d\d× .* \| \d+, \d+ \| \d+\.\d\d× \| (\d+\.\d %|—) \| — \|/,
      );
      expect(out).toMatch(
        /\| nestjs-mcp on Fastify \(2026-07-28 stateless\) \| \d+\.\d\d× \(\d+\/s\) \| — \| \d+, — \|/,
      );
    },
    COMPARE_TIMEOUT_MS,
  );
});
