import { WebSocketKeepAlive } from '../../../../lib/transports/websocket/websocket-keepalive.js';

const jest = import.meta.jest;

describe('WebSocketKeepAlive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function create(intervalMs = 1000) {
    const calls = { pings: 0, dead: 0 };
    const keepAlive = new WebSocketKeepAlive(intervalMs, {
      ping: () => calls.pings++,
      onDead: () => calls.dead++,
    });
    return { keepAlive, calls };
  }

  it('pings once per interval while the peer answers', () => {
    const { keepAlive, calls } = create();
    keepAlive.start();
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(1000);
      keepAlive.markAlive(); // the pong
    }
    expect(calls).toEqual({ pings: 5, dead: 0 });
    keepAlive.stop();
  });

  it('declares the peer dead when a whole interval passes without a pong, and stops', () => {
    const { keepAlive, calls } = create();
    keepAlive.start();
    jest.advanceTimersByTime(1000); // ping
    expect(calls).toEqual({ pings: 1, dead: 0 });
    jest.advanceTimersByTime(1000); // no pong since: dead
    expect(calls).toEqual({ pings: 1, dead: 1 });
    expect(keepAlive.running).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(calls).toEqual({ pings: 1, dead: 1 });
  });

  it('counts any message as a sign of life', () => {
    const { keepAlive, calls } = create();
    keepAlive.start();
    jest.advanceTimersByTime(1000);
    keepAlive.markAlive(); // a message instead of a pong
    jest.advanceTimersByTime(1000);
    expect(calls).toEqual({ pings: 2, dead: 0 });
    keepAlive.stop();
  });

  it('is disabled by an interval of 0', () => {
    const { keepAlive, calls } = create(0);
    keepAlive.start();
    expect(keepAlive.running).toBe(false);
    jest.advanceTimersByTime(60_000);
    expect(calls).toEqual({ pings: 0, dead: 0 });
  });

  it('start and stop are idempotent; stop leaves no timer', () => {
    const { keepAlive } = create();
    keepAlive.start();
    keepAlive.start();
    expect(jest.getTimerCount()).toBe(1);
    keepAlive.stop();
    keepAlive.stop();
    expect(jest.getTimerCount()).toBe(0);
  });
});
