import { FixedWindowLimiter } from '../../../../lib/server/authorization-server/fixed-window-limiter.js';

describe('FixedWindowLimiter', () => {
  it('allows `limit` requests per window and key, then says how long to wait', () => {
    const limiter = new FixedWindowLimiter({ limit: 2, windowMs: 10_000 });
    expect(limiter.take('a', 0)).toBe(0);
    expect(limiter.take('a', 1_000)).toBe(0);
    expect(limiter.take('a', 2_000)).toBe(8); // seconds until the window ends
    expect(limiter.take('b', 2_000)).toBe(0); // other addresses are counted apart
    expect(limiter.take('a', 10_000)).toBe(0); // a new window
  });

  it('forgets old windows when it holds too many keys', () => {
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 1_000 }, 2);
    limiter.take('a', 0);
    limiter.take('b', 0);
    expect(limiter.take('c', 5_000)).toBe(0);
    expect(limiter.take('a', 5_000)).toBe(0);
  });
});
