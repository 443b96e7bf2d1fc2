import { RateLimitedLog } from '../../../lib/engine/rate-limited-log.js';

describe('RateLimitedLog', () => {
  let now: number;
  let lines: string[];
  let log: RateLimitedLog;
  const sink = (line: string) => lines.push(line);

  beforeEach(() => {
    now = 1_000_000;
    lines = [];
    log = new RateLimitedLog({ perInterval: 3, intervalMs: 10_000 }, () => now);
  });

  it('writes up to the budget per category and counts the rest', () => {
    const written = Array.from({ length: 10 }, (_, i) => log.log('bad', sink, () => `line ${i}`));
    expect(written).toEqual([true, true, true, false, false, false, false, false, false, false]);
    expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
    expect(log.suppressed('bad')).toBe(7);
  });

  it('keeps separate budgets per category', () => {
    for (let i = 0; i < 5; i++) log.log('a', sink, () => `a${i}`);
    log.log('b', sink, () => 'b0');
    expect(lines).toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('opens a new interval with one "suppressed N" summary, then writes again', () => {
    for (let i = 0; i < 5; i++) log.log('bad', sink, () => `line ${i}`);
    now += 10_000;
    log.log('bad', sink, () => 'later');
    expect(lines.slice(3)).toEqual([
      'bad: 2 similar message(s) suppressed in the last 10 s',
      'later',
    ]);
    expect(log.suppressed('bad')).toBe(0);
  });

  it('writes no summary when nothing was suppressed, and builds no suppressed message', () => {
    log.log('bad', sink, () => 'one');
    now += 20_000;
    log.log('bad', sink, () => 'two');
    expect(lines).toEqual(['one', 'two']);
    for (let i = 0; i < 3; i++) log.log('bad', sink, () => 'x');
    expect(log.log('bad', sink, () => fail('built a suppressed message') as never)).toBe(false);
  });
});
