/**
 * The cost of the Redis authorization store's `commandTimeoutMs` on a client the app passes in
 * (issue 43): the store guards each store call with a deadline so a frozen Redis that keeps its
 * connections open fails as an outage. Arms, interleaved in one run, on a local Redis with one
 * user-supplied ioredis client: the calls of one authorization-code redemption through
 * `redisAuthorizationStore` with `commandTimeoutMs` 3000 (the default) and 0 (no deadline).
 * Prints wall time and process CPU per redemption (CPU time is noisy on a loaded machine: it
 * showed +42 to +96 µs per redemption of about 1,300 µs with a timer per call, +42 to +76 µs with
 * the shared deadline; count instructions with `deadline-guards.ts` for a stable figure). `npm run build && node
 * dist/bench/redis-store-deadline.js` (env `REDIS_URL`, default redis://127.0.0.1:6379; keys
 * under a fresh prefix, deleted after; `BENCH_REDEMPTIONS`, default 2000).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { redisAuthorizationStore } from '../lib/authorization-server/store/redis-authorization-store.js';
import type { McpAuthorizationStore } from '../lib/authorization-server/store/authorization-store.interface.js';

const N = Number(process.env.BENCH_REDEMPTIONS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * The store calls of one code redemption as the engine makes them (code read, consumed, grant
 * read, session read by uid, refresh token written, grant written): 6 calls.
 */
async function redemption(store: McpAuthorizationStore, i: number): Promise<void> {
  const code = `code-${i}`;
  await store('AuthorizationCode').upsert(code, { grantId: 'g1', kind: 'AuthorizationCode' }, 60);
  await store('AuthorizationCode').find(code);
  await store('AuthorizationCode').consume(code);
  await store('Grant').find('g1');
  await store('Session').findByUid('uid-1');
  await store('RefreshToken').upsert(`rt-${i}`, { grantId: 'g1', kind: 'RefreshToken' }, 600);
  await store('Grant').upsert('g1', { kind: 'Grant', accountId: 'a' }, 600);
}

async function main(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `mcp-bench:${randomUUID()}:as:`;
  const arms: Array<[string, McpAuthorizationStore]> = [
    ['commandTimeoutMs 0', redisAuthorizationStore(redis, { prefix, commandTimeoutMs: 0 })],
    ['commandTimeoutMs 3000', redisAuthorizationStore(redis, { prefix, commandTimeoutMs: 3000 })],
  ];
  const totals = new Map<string, { wallUs: number; cpuUs: number }>();
  for (let round = 0; round < ROUNDS + 1; round += 1) {
    for (const [name, store] of round % 2 ? arms : [...arms].reverse()) {
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      for (let i = 0; i < N; i += 1) await redemption(store, i);
      const wallUs = Number(process.hrtime.bigint() - start) / 1000 / N;
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / N;
      if (round === 0) continue; // warm-up
      const sum = totals.get(name) ?? { wallUs: 0, cpuUs: 0 };
      totals.set(name, { wallUs: sum.wallUs + wallUs / ROUNDS, cpuUs: sum.cpuUs + cpuUs / ROUNDS });
    }
  }
  const base = totals.get('commandTimeoutMs 0')!;
  console.log(`${N} sequential redemptions (7 store calls each) x ${ROUNDS} rounds per arm`);
  console.log('arm                       wall µs/redemption   CPU µs/redemption   +wall   +CPU');
  for (const [name, t] of totals) {
    console.log(
      `${name.padEnd(26)}${t.wallUs.toFixed(1).padStart(18)}${t.cpuUs.toFixed(1).padStart(20)}` +
        `${(t.wallUs - base.wallUs).toFixed(1).padStart(8)}${(t.cpuUs - base.cpuUs).toFixed(1).padStart(7)}`,
    );
  }
  const keys = await redis.keys(`${prefix}*`);
  for (let at = 0; at < keys.length; at += 500) await redis.del(...keys.slice(at, at + 500));
  redis.disconnect();
}

void main();
