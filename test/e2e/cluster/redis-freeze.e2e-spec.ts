import { ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as delay } from 'node:timers/promises';
import { connectClient, type TestClient } from '../support/client.js';
import {
  startCluster,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

/**
 * Issue 38 row 8: a frozen Redis (SIGSTOP) bounds the work that needs it by the command timeout.
 * Two real instances of `sample/10-cluster` on a private Redis, the official SDK client: a
 * progress stream keeps flowing while Redis is frozen, a tool call waiting for an elicitation
 * answer fails with the store-unavailable error, and the answer POSTed to the other instance
 * (which must publish it to the first) gets a 503 with a JSON-RPC error body, not a 202 that
 * loses it. The outage is logged by the library, never as an unhandled Nest route error.
 */

/** The instances' `commandTimeoutMs`. */
const COMMAND_TIMEOUT_MS = 1000;
/**
 * How long a test keeps Redis frozen at most: well past the bound it checks (the command timeout
 * plus a heartbeat, plus the work itself), well short of what an unbounded wait would take.
 */
const FREEZE_CAP_MS = 7000;

const urlOf = (instance: Instance) => new URL(`http://127.0.0.1:${instance.port}/mcp`);

/** What the client POSTed as an answer (a JSON-RPC response) and the reply it got. */
interface AnswerPost {
  status: number;
  body: string;
}

/**
 * A fetch that sends the client's answers (JSON-RPC responses) and `notifications/initialized`
 * to instance `other` and everything else where the transport was pointed, so an answer has to
 * cross instances, as behind a balancer that picked the other one.
 */
function crossingFetch(other: Instance, answers: AnswerPost[]): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const message = body as { method?: string; id?: unknown } | undefined;
    const crosses =
      message !== undefined &&
      (message.method === undefined || message.method === 'notifications/initialized');
    if (!crosses) return fetch(input, init);
    const response = await fetch(urlOf(other), init);
    if (message.method === undefined) {
      answers.push({ status: response.status, body: await response.clone().text() });
    }
    return response;
  };
}

describeWithRedis('a frozen Redis (SIGSTOP)', () => {
  let cluster: ClusterOn<'private-process'>;
  let sdk: TestClient | undefined;
  /** True while the test holds Redis frozen. */
  let frozen = false;
  let capTimer: NodeJS.Timeout | undefined;
  const freeze = () => {
    cluster.redis.freeze();
    frozen = true;
    capTimer = setTimeout(thaw, FREEZE_CAP_MS);
  };
  const thaw = () => {
    clearTimeout(capTimer);
    frozen = false;
    cluster?.redis.thaw();
  };

  beforeAll(async () => {
    cluster = await startCluster(
      2,
      { REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS) },
      { redis: 'private-process' },
    );
  }, CLUSTER_START_MS);
  afterEach(async () => {
    thaw();
    await sdk?.close().catch(() => undefined);
    sdk = undefined;
  });
  afterAll(async () => {
    thaw();
    await cluster?.close();
  });

  it('keeps a progress stream flowing: every step and the result arrive while Redis is still frozen', async () => {
    const [a] = cluster.instances;
    sdk = await connectClient(urlOf(a));
    const arrived: { progress: number; frozen: boolean }[] = [];
    const result = await sdk.client.callTool(
      { name: 'slow', arguments: { steps: 8, delayMs: 200 } },
      undefined,
      {
        onprogress: ({ progress }) => {
          arrived.push({ progress, frozen });
          if (progress === 2) freeze();
        },
      },
    );
    // Before: each step after the freeze waited for its own store call to time out (a second
    // each here), so the last ones and the result came only after SIGCONT.
    expect(frozen).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^done 8 on/) }]);
    expect(arrived.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(arrived.slice(2).every((p) => p.frozen)).toBe(true);
  });

  it('fails a call waiting for an answer with the store-unavailable error, and answers the answer POSTed to the other instance 503, not 202', async () => {
    const [a, b] = cluster.instances;
    const logged = cluster.instances.map((i) => [i.stdout.length, i.stderr.length]);
    const answers: AnswerPost[] = [];
    sdk = await connectClient(urlOf(a), {
      capabilities: { elicitation: {} },
      fetch: crossingFetch(b, answers),
      setup: (client) =>
        client.setRequestHandler(ElicitRequestSchema, () => {
          freeze();
          return { action: 'accept', content: { name: 'Lin' } };
        }),
    });
    const error = await sdk.client.callTool({ name: 'ask', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    for (let i = 0; i < 100 && answers.length === 0; i++) await delay(50);
    // Before: the call got its result only after SIGCONT, and the answer a 202 at once.
    expect(frozen).toBe(true);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32001);
    expect((error as McpError).message).toMatch(/Shared store unavailable, retry shortly \(ref /);
    expect(answers).toHaveLength(1);
    expect(answers[0].status).toBe(503);
    expect(JSON.parse(answers[0].body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32603,
        message: expect.stringMatching(
          /Shared store unavailable, retry shortly \(ref [0-9a-f]+\)$/,
        ),
      },
    });
    thaw();
    // The library logs a run of failures once per instance (the first failure, with its
    // reference), never one line per request nor Nest's exception handler with a stack trace.
    // On a loaded machine the freeze outlasts a timer too (the session sweep), and a command that
    // timed out after the thaw starts a run of its own: a line per kind of command at most.
    const output = cluster.instances.map((i, n) =>
      [...i.stdout.slice(logged[n][0]), ...i.stderr.slice(logged[n][1])].join(''),
    );
    for (const text of output) {
      expect(text).not.toMatch(/ExceptionsHandler|StoreUnavailableError/);
      const kinds = [
        ...text.matchAll(/Redis ([a-z ]+) failed \[ref [0-9a-f]+\]: Command timed out/g),
      ].map((line) => line[1]);
      expect(kinds.length).toBeGreaterThanOrEqual(1);
      expect(new Set(kinds).size).toBe(kinds.length);
    }
  });
});
