import { SessionLog } from '../../../../lib/transports/http/session-log.js';
import { useTestRedisStores } from '../../../support/redis.js';

const tick = (n: number) => ({ jsonrpc: '2.0' as const, method: 'acme/tick', params: { n } });

describe('SessionLog.stored (real Redis at REDIS_URL)', () => {
  const stores = useTestRedisStores({ eventTtlMs: 60_000 });

  const logOf = (id: string) =>
    new SessionLog(id, stores().eventStore, {
      retryMs: 1000,
      keepAliveMs: 0,
      prime: true,
      report: () => undefined,
    });

  it('is pending while appends of this instance are, and settles once they are stored', async () => {
    const log = logOf('s1.get');
    expect(log.stored).toBeUndefined(); // nothing appended: nothing to wait for
    log.append(tick(1));
    log.append(tick(2), 'event-2');
    log.append(tick(2), 'event-2'); // the same bus event again: stored once
    const stored = log.stored;
    expect(stored).toBeDefined();
    await stored;
    expect(log.stored).toBeUndefined();
    const replayed: unknown[] = [];
    await stores().eventStore.replayEventsAfter(`s1.get_0-0`, (_id, message) => {
      if (message !== null) replayed.push(message);
    });
    expect(replayed).toEqual([tick(1), tick(2)]);
  });

  it('settles when the store fails too (the message is lost, the log goes on)', async () => {
    const log = logOf('s2.get');
    log.append(tick(1));
    stores().connection.client.disconnect(); // every command fails now
    log.append(tick(2));
    await log.stored;
    expect(log.stored).toBeUndefined();
  });
});
