import { randomBytes } from 'node:crypto';
import 'reflect-metadata';
import { STORE_UNAVAILABLE_ERROR_CODE } from '../../../lib/index.js';
import { waitFor } from '../../support/redis-server.js';
import { describeWithRedis, startRedisDeployment } from './support/redis-deployments.js';
import { startTaskApp } from '../tasks/task-tools.js';
import { modernCall } from '../support/modern-call.js';

/** Tasks on the Redis task store of the `redis` option while that Redis stops and comes back. */
describeWithRedis('tasks when Redis is lost', () => {
  it('fail with the store-unavailable error while Redis is down, the app keeps running, and recover', async () => {
    const { redis, env } = await startRedisDeployment('private');
    const app = await startTaskApp({
      redis: { url: env.REDIS_URL, connectTimeoutMs: 2000 },
      requestState: { keys: [randomBytes(32)] },
    });
    const call = (method: string, params: Record<string, unknown>) =>
      modernCall(app.url, method, params);
    try {
      const created = await call('tools/call', { name: 'endless', arguments: {} });
      const taskId = created.result!.taskId as string;
      expect((await call('tasks/get', { taskId })).result).toMatchObject({ status: 'working' });
      redis.stop();
      const lost = {
        code: STORE_UNAVAILABLE_ERROR_CODE,
        // The generic text with a reference into the log: no driver text (issue 24 item 4).
        message: expect.stringMatching(
          /^Shared store unavailable, retry shortly \(ref [0-9a-f]+\)$/,
        ),
      };
      expect((await call('tasks/get', { taskId })).error).toMatchObject(lost);
      expect((await call('tasks/cancel', { taskId })).error).toMatchObject(lost);
      expect(
        (await call('tools/call', { name: 'nightly_job', arguments: {} })).error,
      ).toMatchObject(lost);
      // Calls that need no store still work: the process did not crash.
      expect((await call('tools/call', { name: 'plain', arguments: {} })).result).toMatchObject({
        content: [{ text: 'plain' }],
      });
      redis.start(); // empty: the records are gone with the old Redis
      await waitFor(async () => (await call('tasks/get', { taskId })).error?.code === -32602);
      expect((await call('tasks/get', { taskId })).error).toMatchObject({ code: -32602 });
      const again = await call('tools/call', { name: 'nightly_job', arguments: {} });
      expect(again.result).toMatchObject({ resultType: 'task', status: 'working' });
    } finally {
      await app.close();
      redis.stop();
    }
  });
});
