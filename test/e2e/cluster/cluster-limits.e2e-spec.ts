import { modernCall } from '../support/modern-call.js';
import { initializeRequest, postJson, rawRequest } from '../support/raw-http.js';
import { useCluster } from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

/**
 * Issue 38 row 6: on Redis the caps count for the whole service, not per instance. Two real
 * processes of `sample/10-cluster` on a private Redis, behind the round-robin proxy.
 */
import.meta.jest.setTimeout(120_000);

/**
 * The owner's task cap, and the creations sent at it: batches of {@link CONCURRENT} at once over
 * both instances. The cap is not a multiple of the batch, so one batch straddles it: while its
 * creations run side by side the shared count crosses the cap, where a count that is not one
 * atomic step on Redis lets more in (or refuses too many); the batches before it pile up
 * concurrent increments, the one after it is all refused.
 */
const MAX_TASKS = 30;
const CONCURRENT = 20;
const BATCHES = 3;

describeWithRedis('limits for the whole service (2 instances, private Redis)', () => {
  const fx = useCluster(
    2,
    { MCP_LIMITS: JSON.stringify({ maxTasksPerOwner: MAX_TASKS, maxSessionsPerPrincipal: 3 }) },
    { redis: 'private' },
  );

  it(`${BATCHES * CONCURRENT} task creations by one owner over 2 instances create exactly maxTasksPerOwner`, async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < BATCHES; batch++) {
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          modernCall(
            fx.cluster.mcpUrl,
            'tools/call',
            { name: 'quick_report', arguments: {} },
            { user: 'owner-1' },
          ),
        ),
      );
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.result?.resultType).toBe('task');
        else
          expect(answer.error?.data).toMatchObject({ limit: 'maxTasksPerOwner', max: MAX_TASKS });
        statuses.push(answer.status);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_TASKS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      BATCHES * CONCURRENT - MAX_TASKS,
    );
    // Another owner still has its own room.
    const other = await modernCall(
      fx.cluster.mcpUrl,
      'tools/call',
      { name: 'quick_report', arguments: {} },
      { user: 'owner-2' },
    );
    expect(other.result?.resultType).toBe('task');
  });

  it('maxSessionsPerPrincipal holds across instances; a DELETE on either gives the room back', async () => {
    const open = () => postJson(fx.cluster.mcpUrl, initializeRequest(), { 'x-user': 'carol' });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await open());
    const opened = answers.filter((answer) => answer.status === 200);
    expect(opened).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused[0]!.text)).toMatchObject({
      error: { code: -32000, data: { limit: 'maxSessionsPerPrincipal', max: 3 } },
    });
    // Someone else is not affected.
    expect(
      (await postJson(fx.cluster.mcpUrl, initializeRequest(), { 'x-user': 'dave' })).status,
    ).toBe(200);

    // Ending one session (the proxy picks the instance) frees one place, on every instance.
    const sessionId = opened[0]!.headers['mcp-session-id'] as string;
    const deleted = await rawRequest(fx.cluster.mcpUrl, {
      method: 'DELETE',
      headers: {
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
        'x-user': 'carol',
      },
    });
    expect(deleted.status).toBe(200);
    const again = [await open(), await open()];
    expect(again.map((answer) => answer.status).sort()).toEqual([200, 429]);
  });

  it('a @Throttle() limit behind McpThrottlerGuard holds across instances', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        await modernCall(
          fx.cluster.mcpUrl,
          'tools/call',
          { name: 'costly', arguments: {} },
          { user: 'erin' },
        ),
      );
    }
    const texts = answers.map(
      (answer) => (answer.result?.content as { text: string }[] | undefined)?.[0]?.text ?? '',
    );
    expect(texts.filter((text) => text.startsWith('costly on'))).toHaveLength(3);
    expect(
      texts.filter((text) => /^ThrottlerException: Too Many Requests/.test(text)),
    ).toHaveLength(5);
  });
});
