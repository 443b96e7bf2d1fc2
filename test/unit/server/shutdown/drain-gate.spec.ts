import { DrainGate } from '../../../../lib/server/shutdown/drain-gate.js';

const jestApi = import.meta.jest;

describe('DrainGate', () => {
  afterEach(() => jestApi.useRealTimers());

  it('counts requests in flight and starts draining once', () => {
    const gate = new DrainGate();
    gate.enter();
    gate.enter();
    gate.leave();
    expect(gate.inFlight).toBe(1);
    expect(gate.draining).toBe(false);
    gate.start();
    gate.start();
    expect(gate.draining).toBe(true);
  });

  it('settles true at once when nothing is in flight', async () => {
    await expect(new DrainGate().settled(10)).resolves.toBe(true);
  });

  it('settles true when the last request leaves within the window', async () => {
    jestApi.useFakeTimers();
    const gate = new DrainGate();
    gate.enter();
    gate.enter();
    const settled = gate.settled(1000);
    gate.leave();
    jestApi.advanceTimersByTime(500);
    gate.leave();
    await expect(settled).resolves.toBe(true);
    expect(jestApi.getTimerCount()).toBe(0); // the window timer is cleared
  });

  it('settles false when the window ends first, and a later leave does not throw', async () => {
    jestApi.useFakeTimers();
    const gate = new DrainGate();
    gate.enter();
    const settled = gate.settled(1000);
    jestApi.advanceTimersByTime(1000);
    await expect(settled).resolves.toBe(false);
    expect(() => gate.leave()).not.toThrow();
    expect(gate.inFlight).toBe(0);
  });
});
