import { McpError } from '../../../../lib/errors/mcp.error.js';
import { resolveLimits } from '../../../../lib/server/limits/limits-options.interface.js';
import { ServerLimits } from '../../../../lib/server/limits/server-limits.js';
import type { ListenHub } from '../../../../lib/server/listen/listen-hub.js';
import type { McpSession } from '../../../../lib/server/session/mcp-session.js';
import { ServerDrain } from '../../../../lib/server/shutdown/server-drain.js';

const jestApi = import.meta.jest;

function setup(windowMs = 1000) {
  const failed: McpError[] = [];
  const session = {
    peer: { failInbound: (reason: () => McpError) => failed.push(reason()) },
  } as unknown as McpSession;
  const listen = { close: jestApi.fn(() => true) };
  const limits = new ServerLimits(resolveLimits({}));
  const drain = new ServerDrain(
    { liveSessions: [session], listen: listen as unknown as ListenHub, limits },
    windowMs,
  );
  return { drain, failed, listen, limits };
}

describe('ServerDrain', () => {
  afterEach(() => jestApi.useRealTimers());

  it('stops accepting, ends listen streams and finishes at once when nothing runs', async () => {
    const { drain, failed, listen } = setup();
    await drain.drain();
    expect(drain.gate.draining).toBe(true);
    expect(listen.close).toHaveBeenCalledTimes(1);
    expect(failed).toEqual([]);
  });

  it('lets tracked work finish within the window and cuts nothing', async () => {
    const { drain, failed } = setup();
    let finish!: (value: string) => void;
    const work = drain.track(new Promise<string>((resolve) => (finish = resolve)));
    expect(drain.gate.inFlight).toBe(1);
    const drained = drain.drain();
    finish('done');
    await expect(work).resolves.toBe('done');
    await drained;
    expect(failed).toEqual([]);
    expect(drain.gate.inFlight).toBe(0);
  });

  it('after the window, fails the sessions’ requests and rejects tracked work with shutdown', async () => {
    jestApi.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { drain, failed, limits } = setup(1000);
    const work = drain.track(new Promise<never>(() => undefined));
    const outcome = work.catch((error: unknown) => error);
    const drained = drain.drain();
    jestApi.advanceTimersByTime(1000);
    await drained;
    expect(await outcome).toMatchObject({ code: -32000, data: { limit: 'shutdown' } });
    expect(failed).toHaveLength(1);
    expect(failed[0]!.toJson()).toMatchObject({ code: -32000, message: 'Server shutting down' });
    expect(limits.refused.shutdown).toBe(2);
    expect(drain.gate.inFlight).toBe(0);
  });

  it('passes what rejects tracked work, its own error or the cut, through mapError', async () => {
    jestApi.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { drain } = setup(1000);
    const mapError = (error: unknown) => ({ mapped: error });
    const failing = drain.track(Promise.reject(new Error('boom')), mapError);
    await expect(failing).rejects.toEqual({ mapped: new Error('boom') });
    const work = drain.track(new Promise<never>(() => undefined), mapError);
    const outcome = work.catch((error: unknown) => error);
    const drained = drain.drain();
    jestApi.advanceTimersByTime(1000);
    await drained;
    expect(await outcome).toMatchObject({ mapped: { code: -32000, data: { limit: 'shutdown' } } });
    expect(drain.gate.inFlight).toBe(0);
  });

  it('counts an entered request until it leaves, and hands a cut after the window to its own cut', async () => {
    jestApi.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { drain } = setup(1000);
    const finished = drain.enter(() => {
      throw new Error('a request that left is never cut');
    });
    const cuts: McpError[] = [];
    drain.enter((error) => cuts.push(error));
    expect(drain.gate.inFlight).toBe(2);
    drain.leave(finished);
    expect(drain.gate.inFlight).toBe(1);
    const drained = drain.drain();
    jestApi.advanceTimersByTime(1000);
    await drained;
    expect(cuts.map((error) => error.toJson())).toEqual([
      expect.objectContaining({
        code: -32000,
        data: expect.objectContaining({ limit: 'shutdown' }),
      }),
    ]);
    expect(drain.gate.inFlight).toBe(0);
  });

  it('drains once: later calls return the same promise', () => {
    const { drain, listen } = setup();
    expect(drain.drain()).toBe(drain.drain());
    expect(listen.close).toHaveBeenCalledTimes(1);
  });

  it('tells onStart listeners as the drain starts, and a late one at once', async () => {
    const { drain } = setup();
    const seen: string[] = [];
    drain.onStart(() => seen.push(`early, draining: ${drain.gate.draining}`));
    expect(seen).toEqual([]);
    const drained = drain.drain();
    expect(seen).toEqual(['early, draining: true']);
    drain.onStart(() => seen.push('late'));
    expect(seen).toEqual(['early, draining: true', 'late']);
    await drained;
    await drain.drain();
    expect(seen).toHaveLength(2); // once each
  });
});
