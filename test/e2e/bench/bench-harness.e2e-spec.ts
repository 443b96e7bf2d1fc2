import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import.meta.jest.setTimeout(240_000);

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Tiny runs: a fraction of a second each, a few hundred requests; the figures are not looked at. */
const TINY = { BENCH_DURATION: '0.1', BENCH_WARMUP: '0.05', BENCH_ROUNDS: '1', BENCH_OTEL: '0' };

/** Runs a built bench script with the tiny settings; resolves with its stdout (exit code 0). */
async function bench(script: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const path = `${ROOT}dist/bench/${script}`;
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first`);
  const { stdout } = await run(process.execPath, [...nodeArgs, path], {
    cwd: ROOT,
    env: { ...process.env, ...TINY, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Smoke of the bench harness (issue 16): each mode runs end to end against real servers and
 * prints its rows. No timing is asserted (the numbers of such short runs mean nothing); a mode
 * whose requests fail exits non-zero, which rejects here.
 */
describe('bench harness', () => {
  it('npm run bench prints every target of the issue per adapter with its goal and status', async () => {
    const out = await bench('run.js', { BENCH_LIST_TOOLS: '20', BENCH_P99_CONNECTIONS: '20' });
    for (const adapter of ['express', 'fastify']) {
      // Issue 41's goals: the Express controller at the bare route's rate, the Fastify one at 0.7×.
      const call = adapter === 'express' ? '1\\.00x' : '0\\.70x';
      for (const row of [
        `tools\\/call, 2025 session \\/ bare, ${adapter} +\\d+\\.\\d\\dx +>= ${call} +(met|NOT MET) .*median of 1 round`,
        `tools\\/call, 2026-07-28 stateless \\/ bare, ${adapter} +\\d+\\.\\d\\dx +>= ${call}`,
        `handshake \\+ DELETE \\/ bare 4 trips, ${adapter} +\\d+\\.\\d\\dx +>= 0\\.70x`,
        `fast path handshake \\+ DELETE \\/ raw node 4 trips, ${adapter} +\\d+\\.\\d\\dx +>= 0\\.70x`,
        `handshake behind a proxy, no DELETE \\/ bare 4 trips, ${adapter} +\\d+\\.\\d\\dx`,
        `p99 tools\\/call @20 conns, mcp \\/ bare, ${adapter} +\\d+\\.\\d\\dx +<= 1\\.25x`,
        `fast path tools\\/call, 2025 session \\/ raw node, ${adapter} +\\d+\\.\\d\\dx +>= 0\\.75x`,
        `fast path tools\\/call, 2026-07-28 stateless \\/ raw node, ${adapter} +\\d+\\.\\d\\dx +>= 0\\.75x`,
        `^${adapter} fast mcp\\+DELETE +\\d+ `,
        // The proxied handshakes (default caps, one address each) are never refused.
        `${adapter} proxied: no refusals, \\d+ sessions live at the end`,
        // The arms whose whole request path is ours are held to scavenges that keep little.
        `scavenges keep little, ${adapter} fast mcp +(\\d+\\.\\d %|n/a) +<= 3\\.0 %`,
        `scavenges keep little, ${adapter} fast mcp2026 +(\\d+\\.\\d %|n/a) +<= 3\\.0 %`,
        // Every phase's table has the raw node:http echo, its ratio to itself 1.00x, then the
        // share its scavenges kept (— when the tiny run had none).
        `^raw node +\\d+ .* 1\\.00x +(\\d+\\.\\d %|—) +\\d+$`,
      ]) {
        expect(out).toMatch(new RegExp(row, 'm'));
      }
    }
    for (const row of [
      /^express bare +\d+ .* 1\.00x +1\.00x +1\.00x +\d+\.\d\dx +(\d+\.\d %|—) +\d+$/m,
      /scavenges keep little, fastify mcp2026 +(\d+\.\d %|n\/a) +<= 3\.0 %/,
      /tools\/list, 20 tools \/ 5 tools +\d+\.\d\dx +>= 0\.80x/,
      /McpClient \/ SDK v1 client, sequential +\d+\.\d\dx +>= 1\.50x/,
      /McpClient \/ SDK v1 client, 8 in flight +\d+\.\d\dx/,
    ]) {
      expect(out).toMatch(row);
    }
    // Every phase on both adapters with the raw echo: about 140 s on a loaded 2-core machine.
  }, 420_000);

  it('npm run bench with BENCH_BASELINE_REF runs the MCP arms on that commit too and prints before/after', async () => {
    // HEAD exists in any clone, shallow or not; the run builds its library like any other commit's.
    const out = await bench('run.js', {
      BENCH_BASELINE_REF: 'HEAD',
      BENCH_ONLY: 'call,handshake',
      BENCH_ADAPTERS: 'fastify',
    });
    const label = (await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.slice(0, 7);
    expect(out).toContain(`before (${label}) / after (this checkout), same run`);
    for (const arm of [
      'tools/call 2025 session, fastify',
      'tools/call 2026-07-28 stateless, fastify',
      'handshake \\+ DELETE, fastify',
    ]) {
      expect(out).toMatch(new RegExp(`^\\| ${arm} \\| \\d+ \\| \\d+ \\| \\d+\\.\\d\\dx \\|`, 'm'));
    }
    expect(out).toMatch(new RegExp(`^fastify mcp @${label} +\\d+`, 'm'));
    expect(out).not.toMatch(/^express /m);
    // The first run builds the commit's library (tsc), kept in .bench-baseline/ for the next.
  }, 480_000);

  it('bench:cluster prints server CPU per call of every arm and both goals with their status', async () => {
    const out = await bench('cluster.js', {});
    for (const row of [
      /1 instance, memory +\d+ µs CPU\/call/,
      /1 instance, memory, keepAliveMs 0 +\d+ µs CPU\/call/,
      /per-POST keep-alive timer: -?\d+ µs CPU\/call/,
      /1 instance, Redis +\d+ µs CPU\/call/,
      /2 instances, Redis, proxy +\d+ µs CPU\/call/,
      /3 instances, Redis, proxy +\d+ µs CPU\/call/,
      /Redis \/ memory \(CPU per call\) +\d+\.\d\dx +<= 1\.10x +(met|NOT MET)/,
      /3 instances \/ 1 \(CPU per call\) +\d+\.\d\dx +<= 1\.20x +(met|NOT MET)/,
    ]) {
      expect(out).toMatch(row);
    }
  });

  it('bench:memory prints idle-session RSS and heap over three rounds, sessions held and the RSS spread of both call runs', async () => {
    const out = await bench('memory.js', {
      BENCH_IDLE_SESSIONS: '50',
      BENCH_HELD_SESSIONS: '100',
      BENCH_MEMORY_CALLS: '200',
      BENCH_MEMORY_CHECKPOINTS: '2',
    });
    expect(out).toMatch(
      /RSS per 1,000 idle sessions \(worst of 3 rounds\) +-?\d+\.\d MiB +<= 5\.0 MiB/,
    );
    expect(out).toMatch(
      /V8 heap per 1,000 idle sessions \(worst round\) +-?\d+\.\d MiB +<= 1\.5 MiB/,
    );
    expect(out).toMatch(/RSS per 1,000 steady across rounds \(spread\) +\d+\.\d MiB +<= 1\.0 MiB/);
    expect(out).toMatch(/idle sessions held \(of 100\) +100\.0 % +>= 100\.0 % +met +100 answered/);
    expect(out).toMatch(/RSS spread over 200 calls, one session +\d+\.\d %/);
    expect(out).toMatch(/RSS spread over 200 calls, fresh sessions +\d+\.\d %/);
  });

  it('bench:heap prints the classes an idle session retains, McpSession among them', async () => {
    const out = await bench('heap.js', { BENCH_HEAP_SESSIONS: '50' }, [
      '--max-old-space-size=4096',
    ]);
    expect(out).toMatch(/50 idle sessions: heap used \+-?\d+ B per session/);
    expect(out).toMatch(/^McpSession +\d+ +\d+ +1\.00$/m);
  });

  it('bench:compare prints the table of ratios to the bare route (servers on this Node)', async () => {
    const out = await bench('compare.js', {
      BENCH_IDLE_SESSIONS: '50',
      BENCH_COMPARE_SERVERS: 'nestjs-mcp,sdk1-stateful,sdk1-stateless',
    });
    expect(out).toContain(
      '| server | tools/call | handshake | CPU µs/req (call, handshake) | call × raw node | GC kept (call) | RSS per 1k idle sessions (heap) |',
    );
    expect(out).toMatch(
      // GC kept is "—" when the server's run saw no scavenge (a short run on a loaded machine).
      /\| bare NestJS route \| 1\.00× \(\d+\/s\) \| 1\.00× \(\d+\/s\) \| \d+, \d+ \| \d+\.\d\d× \| (\d+\.\d %|—) \| — \|/,
    );
    expect(out).toMatch(
      /\| raw node:http echo \| \d+\.\d\d× .* \| \d+, \d+ \| 1\.00× \| \d+\.\d % \| — \|/,
    );
    expect(out).toMatch(
      /\| nestjs-mcp \(2025 session\) \| \d+\.\d\d× .* \| \d+, \d+ \| \d+\.\d\d× \| \d+\.\d % \| -?\d+\.\d MiB \(heap -?\d+\.\d\) \|/,
    );
    expect(out).toMatch(
      /\| official SDK v1 stateful \| \d+\.\d\d× .* \| -?\d+\.\d MiB \(heap -?\d+\.\d\) \|/,
    );
    expect(out).toMatch(/\| official SDK v1 stateless \| \d+\.\d\d× .* \| — \|/);
  });

  it('bench:compare puts the Fastify rows against the bare Fastify route', async () => {
    const out = await bench('compare.js', {
      BENCH_IDLE_SESSIONS: '20',
      BENCH_COMPARE_SERVERS: 'nestjs-mcp-fastify,nestjs-mcp-fast-fastify',
    });
    expect(out).toMatch(
      /\| nestjs-mcp fast path on Fastify \(2026-07-28 stateless\) \| \d+\.\d\d× \(\d+\/s\) \| — \| \d+, — \|/,
    );
    expect(out).toMatch(/\| bare NestJS route \(Fastify\) \| \d+\.\d\d× .* \| \d+, \d+ \|/);
    expect(out).toMatch(
      /\| nestjs-mcp on Fastify \(2025 session\) \| \d+\.\d\d× .* \| \d+, \d+ \| \d+\.\d\d× \| \d+\.\d % \| — \|/,
    );
    expect(out).toMatch(
      /\| nestjs-mcp on Fastify \(2026-07-28 stateless\) \| \d+\.\d\d× \(\d+\/s\) \| — \| \d+, — \|/,
    );
  });
});
