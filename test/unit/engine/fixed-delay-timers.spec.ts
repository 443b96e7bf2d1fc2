import { performance } from 'node:perf_hooks';
import { FixedDelayTimers } from '../../../lib/engine/fixed-delay-timers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds (polling; the machine may be slow, so no bound but jest's own). */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await sleep(5);
}

describe('FixedDelayTimers', () => {
  it('calls each started callback once, never before its delay, in the order they were started', async () => {
    const timers = new FixedDelayTimers(30);
    const calls: { name: string; waited: number }[] = [];
    const start = (name: string) => {
      const at = performance.now();
      timers.start(() => calls.push({ name, waited: performance.now() - at }));
    };
    start('a');
    await sleep(10);
    start('b');
    expect(calls).toEqual([]);
    await waitFor(() => calls.length === 2);
    expect(calls.map((call) => call.name)).toEqual(['a', 'b']);
    for (const call of calls) expect(call.waited).toBeGreaterThanOrEqual(30);
    expect(timers.size).toBe(0);
  });

  it('never calls a cancelled callback, and keeps the others', async () => {
    const timers = new FixedDelayTimers(15);
    const calls: string[] = [];
    const first = timers.start(() => calls.push('first'));
    timers.start(() => calls.push('second'));
    timers.cancel(first);
    timers.cancel(first); // twice: nothing
    timers.cancel(undefined);
    expect(timers.size).toBe(1);
    await waitFor(() => calls.length > 0);
    await sleep(20);
    expect(calls).toEqual(['second']);
  });

  it('starts again after every pending call ran or was cancelled', async () => {
    const timers = new FixedDelayTimers(10);
    const calls: number[] = [];
    timers.cancel(timers.start(() => calls.push(0)));
    await sleep(25); // the Node timer fired, found nothing and stopped
    timers.start(() => calls.push(1));
    await waitFor(() => calls.length > 0);
    expect(calls).toEqual([1]);
  });

  it('does not keep the process alive (its Node timer is unref’d)', () => {
    const timers = new FixedDelayTimers(60_000);
    const call = timers.start(() => undefined);
    const timer = Reflect.get(timers, 'timer') as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    timers.cancel(call);
  });
});
