import type { LimitCounters } from '../../../lib/stores/limit-counters.interface.js';
import { FixedWindowLimiter } from '../../../lib/authorization-server/fixed-window-limiter.js';

describe('FixedWindowLimiter', () => {
  it('allows `limit` requests per window and key, then says how long to wait', async () => {
    const limiter = new FixedWindowLimiter({ limit: 2, windowMs: 10_000 });
    expect(await limiter.take('a', 0)).toBe(0);
    expect(await limiter.take('a', 1_000)).toBe(0);
    expect(await limiter.take('a', 2_000)).toBe(8); // seconds until the window ends
    expect(await limiter.take('b', 2_000)).toBe(0); // other addresses are counted apart
    expect(await limiter.take('a', 10_000)).toBe(0); // a new window
  });

  it('forgets old windows when it holds too many keys', async () => {
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 1_000 }, 2);
    await limiter.take('a', 0);
    await limiter.take('b', 0);
    expect(await limiter.take('c', 5_000)).toBe(0);
    expect(await limiter.take('a', 5_000)).toBe(0);
  });

  it('counts in shared counters when given, and alone while they fail', async () => {
    const hits = new Map<string, number>();
    let down = false;
    const shared = {
      hit: async (key: string) => {
        if (down) throw new Error('store down');
        hits.set(key, (hits.get(key) ?? 0) + 1);
        return { hits: hits.get(key)!, resetInMs: 4_200, blockedForMs: 0 };
      },
    } as unknown as LimitCounters;
    const limiter = new FixedWindowLimiter({ limit: 1, windowMs: 10_000 }, 10, 'token');
    limiter.shared = shared;
    expect(await limiter.take('a', 0)).toBe(0);
    expect(await limiter.take('a', 0)).toBe(5);
    expect([...hits.keys()]).toEqual(['as:token:a']);
    down = true;
    expect(await limiter.take('a', 0)).toBe(0); // its own window is still empty
    expect(await limiter.take('a', 0)).toBe(10);
  });
});
