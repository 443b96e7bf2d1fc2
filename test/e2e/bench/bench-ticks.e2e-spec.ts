import { bench } from './support/bench.js';

import.meta.jest.setTimeout(180_000);

/**
 * `bench:ticks` on both Fastify apps, where the library's hold on a tick object
 * (`lib/engine/tick-object-maps.ts`) matters on Node 20: without it the controller app's
 * `process.nextTick` literal was megamorphic after start-up in every process tried (it built
 * every tick object through the V8 runtime). Real server processes, real calls; what is read is
 * V8's own feedback state, not a timing.
 */
describe('bench harness: npm run bench:ticks', () => {
  it('finds process.nextTick building its tick objects on the fast path in every Fastify process', async () => {
    const out = await bench('tick-feedback.js', {
      BENCH_TICK_SERVERS: 'nestjs-mcp-fastify,nestjs-mcp-fast-fastify',
      BENCH_TICK_PROCESSES: '2',
      BENCH_TICK_CALLS: '100',
    });
    for (const kind of ['nestjs-mcp-fastify', 'nestjs-mcp-fast-fastify']) {
      expect(out).toMatch(
        new RegExp(
          `^${kind} +megamorphic or unread in 0 of 2 +goal 0 +met +` +
            '(monomorphic|polymorphic), (monomorphic|polymorphic)$',
          'm',
        ),
      );
    }
  });
});
