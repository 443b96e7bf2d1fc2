import type { GcStatistics } from '../../../bench/servers/young-gc.js';
import { keptShare, startYoungGcWindow, youngGcOf } from '../../../bench/servers/young-gc.js';

/** A GC entry whose heap is given as used bytes per space, before and after. */
function gc(
  gcType: string,
  before: Record<string, number>,
  after: Record<string, number>,
): GcStatistics {
  const at = (used: Record<string, number>) => ({
    heapStatistics: {} as GcStatistics['beforeGC']['heapStatistics'],
    heapSpaceStatistics: Object.entries(used).map(([spaceName, spaceUsedSize]) => ({
      spaceName,
      spaceUsedSize,
      spaceSize: 0,
      spaceAvailableSize: 0,
      physicalSpaceSize: 0,
    })),
  });
  return { gcType, cost: 0, beforeGC: at(before), afterGC: at(after) };
}

describe('young GC reading', () => {
  it('counts what each scavenge kept: young bytes before less what the heap lost', () => {
    const reading = youngGcOf([
      // 1000 young, 900 freed: 100 kept (60 copied, 40 promoted).
      gc('Scavenge', { new_space: 1000, old_space: 5000 }, { new_space: 60, old_space: 5040 }),
      gc('MarkSweepCompact', { new_space: 10, old_space: 9000 }, { new_space: 0, old_space: 10 }),
      // 2000 young with 500 in large objects, all freed.
      gc(
        'Scavenge',
        { new_space: 1500, new_large_object_space: 500, old_space: 5000 },
        { new_space: 0, new_large_object_space: 0, old_space: 5000 },
      ),
    ]);
    expect(reading).toEqual({ scavenges: 2, scavenged: 3000, kept: 100 });
    expect(keptShare(reading)).toBeCloseTo(100 / 3000);
  });

  it('has no share without a scavenge', () => {
    expect(keptShare(youngGcOf([]))).toBeNaN();
  });

  it('reads little kept for garbage that dies young, much for objects held on to', () => {
    let last: unknown; // every object escapes (an optimised loop would not allocate it at all)
    const run = (hold: boolean) => {
      const stop = startYoungGcWindow();
      const held: unknown[] = [];
      for (let i = 0; i < 1_000_000; i++) {
        const garbage = { i, list: [i, i + 1, i + 2] };
        last = garbage;
        if (hold && i % 2 === 0) held.push(garbage);
      }
      const reading = stop();
      expect(held.length).toBe(hold ? 500_000 : 0);
      expect(last).toBeDefined();
      return reading;
    };
    run(false); // the first scavenges also promote what the test run itself left young
    const young = run(false);
    const held = run(true);
    expect(young.scavenges).toBeGreaterThan(0);
    expect(held.scavenges).toBeGreaterThan(0);
    expect(keptShare(young)).toBeLessThan(0.1);
    expect(keptShare(held)).toBeGreaterThan(0.3);
  });
});
