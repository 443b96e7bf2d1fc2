import { jest } from '@jest/globals';
import { SharedTimeouts, sharedTimeouts } from '../../../lib/engine/shared-timeouts.js';

describe('SharedTimeouts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function target(name: string, fired: string[]) {
    return { timedOut: () => fired.push(name) };
  }

  it('tells a timeout once its whole duration elapsed, not before', () => {
    const fired: string[] = [];
    const timeouts = new SharedTimeouts(1000);
    timeouts.start(target('a', fired));
    jest.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(fired).toEqual(['a']);
    expect(timeouts.size).toBe(0);
  });

  it('tells nothing of a cancelled timeout, and the others at their own time', () => {
    const fired: string[] = [];
    const timeouts = new SharedTimeouts(1000);
    const a = timeouts.start(target('a', fired));
    jest.advanceTimersByTime(400);
    timeouts.start(target('b', fired));
    a.cancel();
    a.cancel(); // twice: nothing
    jest.advanceTimersByTime(600); // a's deadline: nothing due
    expect(fired).toEqual([]);
    jest.advanceTimersByTime(399);
    expect(fired).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(fired).toEqual(['b']);
  });

  it('runs one timer for every timeout, none once they all ended', () => {
    const fired: string[] = [];
    const timeouts = new SharedTimeouts(1000);
    const started = Array.from({ length: 50 }, (_, i) => timeouts.start(target(`t${i}`, fired)));
    expect(jest.getTimerCount()).toBe(1);
    for (const timeout of started.slice(1)) timeout.cancel();
    jest.advanceTimersByTime(1000);
    expect(fired).toEqual(['t0']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('tells the other due timeouts when one throws, and the throw stays uncaught', async () => {
    const fired: string[] = [];
    const timeouts = new SharedTimeouts(10);
    timeouts.start({
      timedOut: () => {
        throw new Error('boom');
      },
    });
    timeouts.start(target('b', fired));
    const thrown: unknown[] = [];
    const realQueue = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (task) =>
      realQueue(() => {
        try {
          task();
        } catch (error) {
          thrown.push(error);
        }
      });
    try {
      jest.advanceTimersByTime(10);
      await Promise.resolve();
    } finally {
      globalThis.queueMicrotask = realQueue;
    }
    expect(fired).toEqual(['b']);
    expect(thrown).toEqual([new Error('boom')]);
  });

  it('sharedTimeouts gives one instance per duration', () => {
    expect(sharedTimeouts(1234)).toBe(sharedTimeouts(1234));
    expect(sharedTimeouts(1234)).not.toBe(sharedTimeouts(4321));
  });
});
