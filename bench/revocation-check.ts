/**
 * The per-request cost of the revocation list at the MCP endpoint (issue 39 row 8): a JWT
 * access token of the in-app authorization server verified by the plain JWT verifier, then by
 * the revocation-aware one on the in-memory store and on a Redis store, sequentially, arms
 * interleaved, same run. Prints the wall time and the process CPU per verification and the
 * difference to the plain arm. `npm run build && node dist/bench/revocation-check.js`
 * (env `REDIS_URL`, default redis://127.0.0.1:6379; keys under a fresh prefix, deleted after).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { GrantRevocations } from '../lib/authorization-server/grant-revocations.js';
import { RevocationAwareVerifier } from '../lib/authorization-server/revocation-aware-verifier.js';
import { inMemoryAuthorizationStore } from '../lib/authorization-server/store/in-memory-authorization-store.js';
import { redisAuthorizationStore } from '../lib/authorization-server/store/redis-authorization-store.js';
import type { McpAuthorizationStore } from '../lib/authorization-server/store/authorization-store.interface.js';
import type { McpAccessTokenVerifier } from '../lib/server/auth/access-token-verifier.interface.js';
import { JwtAccessTokenVerifier } from '../lib/server/auth/jwt-access-token-verifier.js';

const N = Number(process.env.BENCH_VERIFICATIONS ?? 3000);
const ROUNDS = 3;
const ISSUER = 'https://as.example';
const RESOURCE = 'https://as.example/mcp';

async function main(): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), alg: 'ES256', kid: 'k1' };
  const token = await new SignJWT({ grant_id: randomUUID(), client_id: 'c', scope: 'a' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
  const jwt = new JwtAccessTokenVerifier({
    issuer: ISSUER,
    audience: RESOURCE,
    jwks: { keys: [jwk] },
    typ: 'at+jwt',
  });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `mcp-bench:${randomUUID()}:as:`;
  const arms: Array<[string, McpAccessTokenVerifier]> = [
    ['JWT only', jwt],
    ['JWT + list, in memory', new RevocationAwareVerifier(jwt, list(inMemoryAuthorizationStore()))],
    [
      'JWT + list, Redis',
      new RevocationAwareVerifier(jwt, list(redisAuthorizationStore(redis, { prefix }))),
    ],
  ];
  const totals = new Map<string, { wallUs: number; cpuUs: number }>();
  for (let round = 0; round < ROUNDS + 1; round += 1) {
    for (const [name, verifier] of arms) {
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      for (let i = 0; i < N; i += 1) await verifier.verify(token);
      const wallUs = Number(process.hrtime.bigint() - start) / 1000 / N;
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / N;
      if (round === 0) continue; // warm-up
      const sum = totals.get(name) ?? { wallUs: 0, cpuUs: 0 };
      totals.set(name, { wallUs: sum.wallUs + wallUs / ROUNDS, cpuUs: sum.cpuUs + cpuUs / ROUNDS });
    }
  }
  const base = totals.get('JWT only')!;
  console.log(`${N} sequential verifications x ${ROUNDS} rounds per arm (after a warm-up round)`);
  console.log('arm                         wall µs/verify   CPU µs/verify   +wall   +CPU');
  for (const [name, t] of totals) {
    console.log(
      `${name.padEnd(28)}${t.wallUs.toFixed(1).padStart(14)}${t.cpuUs.toFixed(1).padStart(16)}` +
        `${(t.wallUs - base.wallUs).toFixed(1).padStart(8)}${(t.cpuUs - base.cpuUs).toFixed(1).padStart(7)}`,
    );
  }
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

function list(store: McpAuthorizationStore): GrantRevocations {
  return new GrantRevocations(store, 360);
}

void main();
