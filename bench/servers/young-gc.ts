/**
 * How much of what the young generation collected survived: the share of the bytes each
 * scavenge found in new space that it kept (copied or promoted) instead of freeing. A request
 * server keeps next to nothing (its requests' objects die young); a share of several percent
 * means something old points at each request's objects until the next full GC (for instance a
 * getter written in an object literal, whose accessor pair V8 allocates in old space).
 * Read with `v8.GCProfiler` on the thread that serves. Node imports only: the memory probe,
 * which the Node 22 servers load too, reads it in every bench server process.
 */
import { GCProfiler, type GCProfilerResult } from 'node:v8';

/** What the scavenges of a window collected and kept, in bytes. */
export interface YoungGcReading {
  scavenges: number;
  /** Bytes in the young generation when each scavenge began, summed. */
  scavenged: number;
  /** Of those, the bytes each scavenge kept alive (copied or promoted), summed. */
  kept: number;
}

/** One entry of `GCProfiler.stop().statistics`. */
export type GcStatistics = GCProfilerResult['statistics'][number];
type HeapAt = GcStatistics['beforeGC'];

const YOUNG = new Set(['new_space', 'new_large_object_space']);

const used = (heap: HeapAt, young: boolean): number =>
  heap.heapSpaceStatistics
    .filter((space) => !young || YOUNG.has(space.spaceName))
    .reduce((sum, space) => sum + space.spaceUsedSize, 0);

/**
 * Sums the scavenges of a GC profile: a scavenge allocates nothing, so what it kept is what was
 * young before it less what it freed (the fall of the whole heap's used bytes).
 */
export function youngGcOf(statistics: readonly GcStatistics[]): YoungGcReading {
  const reading: YoungGcReading = { scavenges: 0, scavenged: 0, kept: 0 };
  for (const gc of statistics) {
    if (gc.gcType !== 'Scavenge') continue;
    const young = used(gc.beforeGC, true);
    const freed = used(gc.beforeGC, false) - used(gc.afterGC, false);
    reading.scavenges++;
    reading.scavenged += young;
    reading.kept += Math.max(0, young - freed);
  }
  return reading;
}

/** The share kept, 0 to 1 (NaN when no scavenge ran). */
export function keptShare(reading: YoungGcReading): number {
  return reading.scavenged === 0 ? Number.NaN : reading.kept / reading.scavenged;
}

/** Starts reading this thread's scavenges; the returned function stops and sums them. */
export function startYoungGcWindow(): () => YoungGcReading {
  const profiler = new GCProfiler();
  profiler.start();
  return () => youngGcOf(profiler.stop().statistics);
}
