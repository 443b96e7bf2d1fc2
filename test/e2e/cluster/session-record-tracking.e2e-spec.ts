import { Redis } from 'ioredis';
import {
  initializeRawSession,
  postJson,
  rawId,
  rpcMessages,
  type RawSession,
} from '../support/raw-http.js';
import { monitorRedis } from '../../../bench/redis-monitor.js';
import { waitFor } from '../support/wait.js';
import {
  startCluster,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

import.meta.jest.setTimeout(90_000);

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);
/** `tools/call name` on `instance`; the text of its result (throws on an error answer). */
async function call(
  instance: Instance,
  session: RawSession,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const response = await postJson(
    urlOf(instance),
    { jsonrpc: '2.0', id: rawId(), method: 'tools/call', params: { name, arguments: args } },
    session.headers,
  );
  const [message] = rpcMessages(response);
  const result = message?.result as { content: Array<{ text: string }>; isError?: boolean };
  if (response.status !== 200 || !result || result.isError) {
    throw new Error(`${name} on ${instance.port}: HTTP ${response.status} ${response.text}`);
  }
  return result.content[0]!.text;
}
/** The session counter a `count` answer gives (`"3 on instance:1234"` → 3). */
const counted = (text: string) => Number(text.split(' ')[0]);

/**
 * The commands clients send to a private Redis that name `needle` (the session id), counted with
 * MONITOR; what a script runs is not counted (the script is, once).
 */
async function countCommands(redisUrl: string, needle: string): Promise<() => Promise<number>> {
  let sent = 0;
  const stop = await monitorRedis(redisUrl, ({ source, args }) => {
    if (source !== 'lua' && args.some((arg) => arg.includes(needle))) sent++;
  });
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines reach the monitor
    stop();
    return sent;
  };
}

/**
 * Issue 38, "cheaper per request": instances trust their live copy of a session record until
 * Redis client-side caching (CLIENT TRACKING, BCAST) reports a change of it, so a plain call on a
 * cluster session sends no Redis command and a call writing the session state one; a write on
 * another instance is seen on the next call; losing the tracking connection drops every trust.
 * Two instances of `sample/10-cluster` on a private redis-server (MONITOR sees only them).
 */
describeWithRedis('session records trusted until changed', () => {
  let cluster: ClusterOn<'private'>;
  let admin: Redis;
  let redisUrl: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await startCluster(2, {}, { redis: 'private' });
    redisUrl = `redis://127.0.0.1:${cluster.redis.port}`;
    admin = new Redis(redisUrl);
    [a, b] = cluster.instances as [Instance, Instance];
  }, CLUSTER_START_MS);

  afterAll(async () => {
    admin?.disconnect();
    await cluster?.close();
  });

  /** Waits until both instances follow invalidations (their tracking subscribers connected). */
  const trackersUp = () =>
    waitFor(
      async () => {
        const list = (await admin.call('CLIENT', 'LIST')) as string;
        return (list.match(/name=mcp-session-tracking .*sub=1/g) ?? []).length === 2;
      },
      { timeoutMs: 20_000, intervalMs: 100, description: 'both tracking subscribers' },
    );

  it('a plain call on a session this instance holds sends no Redis command', async () => {
    await trackersUp();
    const session = await initializeRawSession(urlOf(a));
    await call(a, session, 'whoami', { text: 'warm' });
    const stop = await countCommands(redisUrl, session.sessionId);
    for (let i = 0; i < 100; i++) await call(a, session, 'whoami', { text: `call ${i}` });
    const sent = await stop();
    // Without tracking every call reads the record (GETEX): 100 commands at least.
    expect(sent).toBeLessThanOrEqual(5);
  });

  it('a call writing the session state sends one Redis command', async () => {
    await trackersUp();
    const session = await initializeRawSession(urlOf(a));
    await call(a, session, 'count');
    const stop = await countCommands(redisUrl, session.sessionId);
    for (let i = 0; i < 50; i++) await call(a, session, 'count');
    const sent = await stop();
    expect(counted(await call(a, session, 'count'))).toBe(52);
    // Before: a read and two writes per call (150).
    expect(sent).toBeLessThanOrEqual(55);
  });

  it('a write on one instance is seen by the next call on another that trusted its copy', async () => {
    await trackersUp();
    const session = await initializeRawSession(urlOf(a));
    let expected = 0;
    for (let round = 0; round < 10; round++) {
      // Two calls on the same instance: the second is served from its trusted copy.
      for (const instance of [a, a, b, b, a, b]) {
        expect(counted(await call(instance, session, 'count'))).toBe(++expected);
      }
    }
  });

  it('losing the tracking connection drops the trust: a write made meanwhile is seen', async () => {
    await trackersUp();
    const session = await initializeRawSession(urlOf(a));
    expect(counted(await call(a, session, 'count'))).toBe(1);
    expect(counted(await call(a, session, 'count'))).toBe(2); // trusted on a
    // Both instances' tracking subscribers killed: invalidations of the next write are lost.
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub', 'SKIPME', 'yes');
    expect(counted(await call(b, session, 'count'))).toBe(3);
    expect(counted(await call(a, session, 'count'))).toBe(4);
    // Once set up again, tracking vouches again (cheap calls) and still reports b's writes.
    await trackersUp();
    expect(counted(await call(b, session, 'count'))).toBe(5);
    await call(a, session, 'whoami', { text: 'trust again' });
    const stop = await countCommands(redisUrl, session.sessionId);
    for (let i = 0; i < 20; i++) await call(a, session, 'whoami', { text: `call ${i}` });
    expect(await stop()).toBeLessThanOrEqual(3);
    expect(counted(await call(b, session, 'count'))).toBe(6);
    expect(counted(await call(a, session, 'count'))).toBe(7);
  });
});
