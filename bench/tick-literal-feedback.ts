/**
 * Reads the feedback of the tick literal in `process.nextTick` from V8's `%DebugPrint` of the
 * function (`bench/tick-feedback.ts`).
 */

/**
 * One process's verdict on the literal's keyed defines: the worst of their states, or `unread`
 * when the output shows none of them, or one not yet set (the function not run enough).
 */
export type TickFeedback = 'monomorphic' | 'polymorphic' | 'megamorphic' | 'unread';

/** States whose defines run on the IC's handlers, without the runtime. */
const HANDLED = new Set(['MONOMORPHIC', 'POLYMORPHIC']);

/** The verdict of `%DebugPrint(process.nextTick)`'s output (its `DefineKeyedOwnPropertyInLiteral` slots). */
export function readTickFeedback(debugPrint: string): TickFeedback {
  const states = [...debugPrint.matchAll(/DefineKeyedOwnPropertyInLiteral\s+([A-Z_]+)/g)].map(
    (match) => match[1]!,
  );
  if (states.includes('MEGAMORPHIC')) return 'megamorphic';
  if (states.length === 0 || states.some((state) => !HANDLED.has(state))) return 'unread';
  return states.includes('POLYMORPHIC') ? 'polymorphic' : 'monomorphic';
}
