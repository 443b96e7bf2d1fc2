import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { firstValueFrom, take, toArray } from 'rxjs';
import { McpClient, StreamableHttpClientTransport } from '../../../lib/index.js';
import { connectClient } from '../support/client.js';
import { askTwiceClient, useCluster } from './support/cluster.js';
import { RedisConnection } from '../../../lib/stores/redis/redis-connection.js';
import { TEST_REDIS_URL } from '../../support/redis.js';

const textOf = (result: unknown) =>
  ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '') as string;

/**
 * Three real processes of `sample/10-cluster` on one Redis behind a round-robin proxy (no
 * stickiness): every request of a session may land on another instance.
 */

// One cluster for the file (each start is three Nest processes booting; the legacy SSE and
// McpClient tests were a file of their own with the same cluster): the failure cases run last,
// the instance kill last of all; each test opens its own clients and sessions.
const fx = useCluster(3);

describe('three instances on Redis behind a round-robin proxy (official SDK v1 client)', () => {
  const { connect } = fx;

  it('serves every call of one session, whichever instance gets it', async () => {
    const { client } = await connect(fx.cluster.mcpUrl);
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      answers.add(textOf(await client.callTool({ name: 'whoami', arguments: { text: 'hi' } })));
    }
    expect(answers.size).toBe(3); // all three instances served the same session
    for (const answer of answers) expect(answer).toMatch(/^hi from instance:\d+$/);
  });

  it('routes an elicitation answer that lands on another instance to the waiting handler', async () => {
    const { client } = await connect(fx.cluster.mcpUrl, {
      capabilities: { elicitation: {} },
      setup: (c) =>
        c.setRequestHandler(ElicitRequestSchema, () => ({
          action: 'accept',
          content: { name: 'Ada' },
        })),
    });
    for (let i = 0; i < 3; i++) {
      // The POST of the answer goes to the next instance, never the one running the tool.
      expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toMatch(
        /^Ada answered instance:\d+$/,
      );
    }
  });

  it('delivers resource updates made on any instance to a subscription made on another', async () => {
    const subscriber = await connect(fx.cluster.mcpUrl);
    const updates: string[] = [];
    subscriber.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await subscriber.standaloneStream;
    await subscriber.client.subscribeResource({ uri: 'notes://a' });
    const other = await connect(fx.cluster.mcpUrl);
    for (let i = 0; i < 3; i++) {
      await other.client.callTool({ name: 'touch', arguments: { uri: 'notes://a' } });
      await subscriber.client.callTool({ name: 'touch', arguments: { uri: 'notes://b' } });
    }
    await waitFor(() => updates.length >= 3).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(updates)}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(updates).toEqual(Array(3).fill('notes://a')); // once each, nothing for notes://b
  });

  it('streams progress of a call to the client', async () => {
    const { client } = await connect(fx.cluster.mcpUrl);
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'slow', arguments: { steps: 5, delayMs: 20 } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    expect(textOf(result)).toMatch(/^done 5 on instance:\d+$/);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });
});

/** Legacy HTTP+SSE (SDK v1) and McpClient (2026-07-28) against three instances behind the proxy. */
describe('three instances on Redis: legacy SSE and McpClient', () => {
  it('legacy SSE: POST /messages on any instance reaches the instance holding the stream', async () => {
    const client = new Client({ name: 'sse', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { name: 'Grace' },
    }));
    const from = fx.cluster.proxy.log.length; // the cluster served the tests before this one
    await client.connect(new SSEClientTransport(new URL('/sse', fx.cluster.proxy.url)));
    try {
      const served = new Set<string>();
      for (let i = 0; i < 3; i++) {
        served.add(textOf(await client.callTool({ name: 'whoami', arguments: { text: 'sse' } })));
        // The elicitation answer is POSTed to whichever instance comes next.
        expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toMatch(
          /^Grace answered/,
        );
      }
      expect(served.size).toBe(1); // every call ran where the stream is
      const messagesPosts = fx.cluster.proxy.log.length - from;
      expect(messagesPosts).toBeGreaterThan(6);
    } finally {
      await client.close();
    }
  });

  it('McpClient (2026-07-28): an input round started on one instance completes on another', async () => {
    const client = askTwiceClient(fx.cluster.mcpUrl);
    await client.connect();
    try {
      expect(client.era).toBe('modern');
      for (let i = 0; i < 3; i++) {
        // Round two carries round one's answer in the sealed requestState, opened elsewhere.
        const result = await client.callTool('askTwice', {});
        expect(textOf(result)).toMatch(/^Lin Yutang on instance:\d+$/);
      }
    } finally {
      await client.close();
    }
  });

  it('McpClient (2026-07-28): a listen stream on one instance receives updates made on another', async () => {
    const listener = new McpClient({
      transport: new StreamableHttpClientTransport(fx.cluster.mcpUrl, { standaloneStream: false }),
    });
    const toucher = new McpClient({
      transport: new StreamableHttpClientTransport(fx.cluster.mcpUrl, { standaloneStream: false }),
    });
    await listener.connect();
    await toucher.connect();
    try {
      const updated = firstValueFrom(
        listener.resourceUpdated$('notes://l').pipe(take(3), toArray()),
      );
      await listener.subscribeResource('notes://l');
      const answers = new Set<string>();
      for (let i = 0; i < 3; i++) {
        answers.add(textOf(await toucher.callTool('touch', { uri: 'notes://l' })));
      }
      expect(answers.size).toBe(3); // made on every instance, the listen stream is on one
      await expect(updated).resolves.toEqual(['notes://l', 'notes://l', 'notes://l']);
    } finally {
      await listener.close();
      await toucher.close();
    }
  });
});

describe('three instances on Redis: failures and bad input', () => {
  const { clients } = fx;

  it('resumes a dropped stream on another instance while the handler runs on the first, nothing lost or duplicated', async () => {
    const test = await connectClient(fx.cluster.mcpUrl);
    clients.push(test);
    const progress: number[] = [];
    let dropped = 0;
    const result = await test.client.callTool(
      { name: 'slow', arguments: { steps: 12, delayMs: 150 } },
      undefined,
      {
        onprogress: (p) => {
          progress.push(p.progress);
          if (p.progress === 3) dropped = fx.cluster.proxy.dropPostStreams();
        },
      },
    );
    expect(dropped).toBe(1);
    const resumed = test.wire.filter((r) => r.method === 'GET' && r.lastEventId);
    expect(resumed).toHaveLength(1); // one resumption, on another instance, followed to the end
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(textOf(result)).toMatch(/^done 12 on instance:\d+$/);
  });

  it('refuses a forged session id (404) and a session id of another principal on another instance (403)', async () => {
    const initialize = await post(fx.cluster.mcpUrl, { 'x-user': 'alice' }, initializeBody);
    const session = initialize.headers.get('mcp-session-id')!;
    expect(session).toBeTruthy();
    await post(fx.cluster.mcpUrl, { 'x-user': 'alice', 'mcp-session-id': session }, initialized);
    const forged = await post(
      fx.cluster.mcpUrl,
      { 'x-user': 'alice', 'mcp-session-id': 'forged-id' },
      ping,
    );
    expect(forged.status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const stolen = await post(
        fx.cluster.mcpUrl,
        { 'x-user': 'mallory', 'mcp-session-id': session },
        ping,
      );
      statuses.push(stolen.status);
    }
    expect(statuses).toEqual([403, 403, 403]); // on every instance, live copy or rebuilt
    const own = await post(
      fx.cluster.mcpUrl,
      { 'x-user': 'alice', 'mcp-session-id': session },
      ping,
    );
    expect(own.status).toBe(200);
  });

  it('refuses an event id of another session (400) on every instance', async () => {
    const eventId = await lastEventIdOf(fx.cluster.mcpUrl);
    const other = await post(fx.cluster.mcpUrl, {}, initializeBody);
    const otherSession = other.headers.get('mcp-session-id')!;
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(fx.cluster.mcpUrl, {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': otherSession,
          'mcp-protocol-version': '2025-11-25',
          'last-event-id': eventId,
        },
      });
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('Unknown Last-Event-ID');
    }
  });

  it('logs and drops garbage on the bus channel, and keeps serving', async () => {
    const redis = await RedisConnection.open({ url: TEST_REDIS_URL, keyPrefix: fx.cluster.prefix });
    try {
      await redis.client.publish(redis.key('bus'), '{"type":"client-message","to":42}');
      await redis.client.publish(redis.key('bus'), 'garbage');
    } finally {
      redis.close();
    }
    const test = await connectClient(fx.cluster.mcpUrl);
    clients.push(test);
    for (let i = 0; i < 3; i++) {
      expect(
        textOf(await test.client.callTool({ name: 'whoami', arguments: { text: 'ok' } })),
      ).toMatch(/^ok from/);
    }
    const logs = fx.cluster.instances.map((i) => i.stdout.join('') + i.stderr.join(''));
    for (const log of logs) expect(log).toContain('dropped a malformed message');
  });

  it('fails a call whose instance dies mid-stream with a clear error, never hangs', async () => {
    const test = await connectClient(fx.cluster.mcpUrl);
    clients.push(test);
    let killing: Promise<void> | undefined;
    const call = test.client.callTool(
      { name: 'slow', arguments: { steps: 50, delayMs: 200 } },
      undefined,
      {
        timeout: 25_000,
        onprogress: (p) => {
          if (p.progress !== 2 || killing) return;
          const running = [...fx.cluster.proxy.streaming].find((s) => s.method === 'POST')!;
          const victim = fx.cluster.instances.find((i) => i.port === running.port)!;
          killing = fx.cluster.kill(victim);
        },
      },
    );
    await expect(call).rejects.toThrow(/stopped before answering/);
    await killing;
  });
});

const initializeBody = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const ping = { jsonrpc: '2.0', id: 2, method: 'ping' };

function post(url: URL, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** Opens a session, streams a call with progress and returns an event id of its stream. */
async function lastEventIdOf(url: URL): Promise<string> {
  const init = await post(url, {}, initializeBody);
  const session = init.headers.get('mcp-session-id')!;
  const reply = await post(
    url,
    { 'mcp-session-id': session },
    {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'slow', arguments: { steps: 1, delayMs: 1 }, _meta: { progressToken: 1 } },
    },
  );
  const match = /^id: (.+)$/m.exec(await reply.text());
  if (!match) throw new Error('no event id on the stream');
  return match[1];
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
