import { executionAsyncResource } from 'node:async_hooks';

/** Whether the tick that takes a tick object was asked for. */
let asked = false;
/** The tick object held for the life of the process (see {@link keepTickObjectMaps}). */
let held: object | undefined;

/**
 * Holds one of Node's `process.nextTick` tick objects for the life of the process, so that V8
 * keeps the hidden classes ("maps") tick objects are built with.
 *
 * Why: `process.nextTick` builds each tick object from a literal with two symbol keys. V8 keeps
 * that literal's maps only while some object uses them; a full garbage collection that runs while
 * no tick is pending drops them, and the next tick builds new ones. On Node 20, once the literal
 * has met more than four generations of maps (a start-up with many collections between ticks,
 * as a Nest app on Fastify with this library has), its feedback turns megamorphic and every tick,
 * for the rest of the process's life, builds its object through the V8 runtime: about 1.5k
 * instructions a tick, some 20k per MCP call. One tick object kept alive keeps the maps, and
 * the feedback stays monomorphic. (Node 22.23 was not seen to go megamorphic; the hold is cheap
 * either way: one small object.)
 *
 * Called when the library is imported (`lib/index.ts`), before the app's start-up runs its
 * collections; later calls do nothing.
 */
export function keepTickObjectMaps(): void {
  if (asked) return;
  asked = true;
  process.nextTick(holdCurrentTick);
}

function holdCurrentTick(): void {
  // Inside a tick's callback, the execution resource is that tick's object.
  held = executionAsyncResource();
}

/** The tick object being held, once the tick that takes it has run (tests). */
export function heldTickObject(): object | undefined {
  return held;
}
