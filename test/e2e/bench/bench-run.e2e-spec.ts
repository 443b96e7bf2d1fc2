import { bench } from './support/bench.js';

import.meta.jest.setTimeout(240_000);

/**
 * Smoke of the bench harness (issue 16): each mode runs end to end against real servers and
 * prints its rows. No timing is asserted (the numbers of such short runs mean nothing); a mode
 * whose requests fail exits non-zero, which rejects here. The modes are split over three files
 * (bench-run, bench-baseline, bench-tools) so that jest's two workers share them.
 */
describe('bench harness: npm run bench', () => {
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
    // Every phase on both adapters with the raw echo: about 50 s (26 s of CPU) at load 15 on two
    // cores since a sub-second run ends at its duration (bench/load-worker.ts); each run lasted a
    // whole second before, 340 s at load 15 and over 420 s at load 34 (the ceiling below).
  }, 900_000);
});
