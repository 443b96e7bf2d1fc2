import { ConnectionLeases } from '../../../../lib/server/limits/connection-leases.js';
import type { LimitCounters } from '../../../../lib/stores/limit-counters.interface.js';

const jest = import.meta.jest;

/** Counters that record renewals (the Redis ones are checked against a real Redis elsewhere). */
function recordingCounters(batched: boolean) {
  const renewed: string[][] = [];
  const counters: LimitCounters = {
    admit: () => Promise.resolve(-1),
    release: () => Promise.resolve(),
    renew: (member) => {
      renewed.push([member]);
      return Promise.resolve();
    },
    hit: () => Promise.resolve({ hits: 1, resetInMs: 1, blockedForMs: 0 }),
    ...(batched && {
      renewMany: (members: readonly string[]) => {
        renewed.push([...members]);
        return Promise.reject(new Error('Redis down')); // ignored: the next tick renews again
      },
    }),
  };
  return { counters, renewed };
}

/** Leases of `leaseMs` holding members `a` and `b`, and the renewals recorded. */
function holdingAB(batched: boolean, leaseMs: number) {
  const { counters, renewed } = recordingCounters(batched);
  const leases = new ConnectionLeases(counters, leaseMs);
  leases.add('a');
  leases.add('b');
  return { leases, renewed };
}

describe('ConnectionLeases', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('renews every held member once per third of the lease, in one batch, while any is held', () => {
    const { leases, renewed } = holdingAB(true, 3000);
    jest.advanceTimersByTime(999);
    expect(renewed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(renewed).toEqual([['a', 'b']]);
    expect(leases.delete('a')).toBe(true);
    expect(leases.delete('a')).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(renewed).toEqual([['a', 'b'], ['b']]);
    leases.delete('b');
    jest.advanceTimersByTime(5000);
    expect(renewed).toHaveLength(2); // nothing held: the timer stopped
    expect(jest.getTimerCount()).toBe(0);
  });

  it('renews member by member when the counters have no batch renewal', () => {
    const { leases, renewed } = holdingAB(false, 300);
    jest.advanceTimersByTime(100);
    expect(renewed).toEqual([['a'], ['b']]);
    leases.stop();
  });
});
