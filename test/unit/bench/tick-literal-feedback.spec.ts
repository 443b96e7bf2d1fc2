import { readTickFeedback } from '../../../bench/tick-literal-feedback.js';

/** The slot lines of a `%DebugPrint(process.nextTick)` with the literal's defines in `states`. */
function debugPrint(...states: string[]): string {
  const defines = states.map(
    (state, i) => ` - slot #${50 + 2 * i} DefineKeyedOwnPropertyInLiteral ${state} {\n  }`,
  );
  return [' - slot #47 Call MONOMORPHIC {', ' - slot #49 Literal  {', ...defines].join('\n');
}

describe('readTickFeedback', () => {
  it('is monomorphic when every define is', () => {
    expect(readTickFeedback(debugPrint('MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC'))).toBe(
      'monomorphic',
    );
  });

  it('takes the worst define: polymorphic, then megamorphic', () => {
    expect(readTickFeedback(debugPrint('MONOMORPHIC', 'POLYMORPHIC'))).toBe('polymorphic');
    expect(readTickFeedback(debugPrint('MONOMORPHIC', 'MEGAMORPHIC', 'POLYMORPHIC'))).toBe(
      'megamorphic',
    );
  });

  it('is unread without the defines, or with one not set yet', () => {
    expect(readTickFeedback(' - slot #0 Call MONOMORPHIC {')).toBe('unread');
    expect(readTickFeedback(debugPrint('MONOMORPHIC', 'UNINITIALIZED'))).toBe('unread');
  });
});
