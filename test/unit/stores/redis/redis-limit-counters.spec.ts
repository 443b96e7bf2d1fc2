import { setTimeout as delay } from 'node:timers/promises';
import { RedisConnection } from '../../../../lib/stores/redis/redis-connection.js';
import { RedisLimitCounters } from '../../../../lib/stores/redis/redis-limit-counters.js';
import { deleteTestKeys, testRedisOptions } from '../../../support/redis.js';

describe('RedisLimitCounters (real Redis at REDIS_URL)', () => {
  let redis: RedisConnection;
  let other: RedisConnection;
  let counters: RedisLimitCounters;
  let elsewhere: RedisLimitCounters;

  beforeAll(async () => {
    const options = testRedisOptions();
    redis = await RedisConnection.open(options);
    other = await RedisConnection.open(options); // a second instance on the same prefix
    counters = new RedisLimitCounters(redis);
    elsewhere = new RedisLimitCounters(other);
  });
  afterAll(async () => {
    redis.close();
    other.close();
    await deleteTestKeys(redis.options.keyPrefix);
  });

  it('admits up to the cap of every set, across connections, atomically', async () => {
    const sets = [
      { name: 'all', max: 5 },
      { name: 'owner:a', max: 3 },
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? counters : elsewhere).admit(sets, `m${i}`, 60_000),
      ),
    );
    expect(outcomes.filter((full) => full === -1)).toHaveLength(3);
    expect(outcomes.filter((full) => full === 1)).toHaveLength(7); // the owner's set is full
    expect(await counters.admit([{ name: 'all', max: 5 }], 'b1', 60_000)).toBe(-1);
    expect(await counters.admit([{ name: 'all', max: 5 }], 'b2', 60_000)).toBe(-1);
    expect(await counters.admit([{ name: 'all', max: 5 }], 'b3', 60_000)).toBe(0);
  });

  it('counts a member once, gives its place back on release from any connection', async () => {
    const sets = [{ name: 'principal:p', max: 1 }];
    expect(await counters.admit(sets, 's1', 60_000)).toBe(-1);
    expect(await counters.admit(sets, 's1', 60_000)).toBe(-1); // the same member again
    expect(await counters.admit(sets, 's2', 60_000)).toBe(0);
    await elsewhere.release('s1');
    expect(await counters.admit(sets, 's2', 60_000)).toBe(-1);
    await elsewhere.release('unknown'); // nothing to do
  });

  it('drops a member at its expiry unless renewed (a crashed holder heals)', async () => {
    const sets = [{ name: 'lease', max: 1 }];
    expect(await counters.admit(sets, 'kept', 300)).toBe(-1);
    await counters.renew('kept', 60_000);
    await delay(400);
    expect(await counters.admit(sets, 'late', 300)).toBe(0); // renewed: still counted
    await counters.release('kept');
    expect(await counters.admit(sets, 'gone', 200)).toBe(-1);
    await delay(300);
    expect(await counters.admit(sets, 'next', 60_000)).toBe(-1); // 'gone' expired
    await counters.renew('gone', 60_000); // an expired member is not brought back
    expect(await counters.admit(sets, 'third', 60_000)).toBe(0);
  });

  it('renews many members in batched calls, skipping those released or expired', async () => {
    const sets = [{ name: 'connections', max: 300 }];
    const members = Array.from({ length: 250 }, (_, i) => `c${i}`); // more than one batch
    const admitted = await Promise.all(members.map((member) => counters.admit(sets, member, 1500)));
    expect(admitted.every((full) => full === -1)).toBe(true);
    await counters.release('c0');
    await elsewhere.renewMany([...members, 'never-admitted'], 60_000);
    await delay(1600);
    // 249 renewed members still count; 51 places are left, and no more.
    for (let i = 0; i < 51; i++) expect(await counters.admit(sets, `n${i}`, 60_000)).toBe(-1);
    expect(await counters.admit(sets, 'over', 60_000)).toBe(0);
  });

  it('counts hits in fixed windows shared by connections, blocking past the limit when asked', async () => {
    const first = await counters.hit('ip:1', 60_000, 2);
    const second = await elsewhere.hit('ip:1', 60_000, 2);
    const third = await counters.hit('ip:1', 60_000, 2);
    expect([first.hits, second.hits, third.hits]).toEqual([1, 2, 3]);
    expect(third.resetInMs).toBeGreaterThan(0);
    expect(third.blockedForMs).toBe(0);
    await counters.hit('ip:2', 60_000, 1, 5_000);
    const blocked = await elsewhere.hit('ip:2', 60_000, 1, 5_000);
    expect(blocked.blockedForMs).toBeGreaterThan(0);
    const short = await counters.hit('ip:3', 200, 1);
    await delay(300);
    expect((await counters.hit('ip:3', 200, 1)).hits).toBe(1); // a new window
    expect(short.hits).toBe(1);
  });
});
