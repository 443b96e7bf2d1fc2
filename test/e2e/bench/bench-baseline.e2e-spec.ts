import { bench, ROOT, run } from './support/bench.js';

import.meta.jest.setTimeout(240_000);

/**
 * Smoke of the bench harness (issue 16): each mode runs end to end against real servers and
 * prints its rows. No timing is asserted (the numbers of such short runs mean nothing); a mode
 * whose requests fail exits non-zero, which rejects here. The modes are split over three files
 * (bench-run, bench-baseline, bench-tools) so that jest's two workers share them.
 */
describe('bench harness: npm run bench before/after', () => {
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
});
