import {
  LoggingMessageNotificationSchema,
  McpError,
  type LoggingMessageNotification,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import { EMITTED_LOG_LEVELS } from './support/test-tools.js';

type LogParams = LoggingMessageNotification['params'];

describe('progress and logging over Streamable HTTP', () => {
  let server: TestApp;
  const peers: TestClient[] = [];

  beforeAll(async () => {
    server = await startApp();
  });

  afterAll(async () => {
    await server.close();
  });

  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });

  /** Connects a client that records every log message it receives. */
  async function connectRecordingLogs(): Promise<{ peer: TestClient; logs: LogParams[] }> {
    const logs: LogParams[] = [];
    const peer = await connectClient(server.url, {
      setup: (client) =>
        client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
          logs.push(n.params);
        }),
    });
    peers.push(peer);
    return { peer, logs };
  }

  it('delivers every progress update, in order, before the result', async () => {
    const { peer } = await connectRecordingLogs();
    const updates: Progress[] = [];
    const result = await peer.client.callTool(
      { name: 'progress_logs', arguments: { steps: 3 } },
      undefined,
      { onprogress: (p) => updates.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'did 3 steps' }]);
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'step 1/3' },
      { progress: 2, total: 3, message: 'step 2/3' },
      { progress: 3, total: 3, message: 'step 3/3' },
    ]);
    // Messages before the result turn the JSON reply into an SSE stream (responseMode 'auto').
    const call = peer.wire.find((w) => w.rpcMethod === 'tools/call');
    expect(call?.contentType).toMatch(/^text\/event-stream/);
  });

  it('sends log messages with level, logger and data on the request stream', async () => {
    const { peer, logs } = await connectRecordingLogs();
    await peer.client.callTool({ name: 'progress_logs', arguments: { steps: 1 } });
    expect(logs).toEqual(
      EMITTED_LOG_LEVELS.map((level) => ({ level, logger: 'test-tools', data: { level } })),
    );
  });

  it('logging/setLevel "warning" filters out info (and lower) messages', async () => {
    const { peer, logs } = await connectRecordingLogs();
    await peer.client.callTool({ name: 'progress_logs', arguments: { steps: 1 } });
    expect(logs.map((l) => l.level)).toContain('info'); // control: info flows before setLevel

    logs.length = 0;
    await expect(peer.client.setLoggingLevel('warning')).resolves.toEqual({});
    const updates: Progress[] = [];
    await peer.client.callTool({ name: 'progress_logs', arguments: { steps: 2 } }, undefined, {
      onprogress: (p) => updates.push(p),
    });
    expect(logs.map((l) => l.level)).toEqual(['warning', 'error']);
    expect(updates).toHaveLength(2); // the level filters logs, never progress
  });

  it('keeps the log level per session', async () => {
    const quiet = await connectRecordingLogs();
    const chatty = await connectRecordingLogs();
    await quiet.peer.client.setLoggingLevel('error');
    await quiet.peer.client.callTool({ name: 'progress_logs', arguments: { steps: 1 } });
    await chatty.peer.client.callTool({ name: 'progress_logs', arguments: { steps: 1 } });
    expect(quiet.logs.map((l) => l.level)).toEqual(['error']);
    expect(chatty.logs.map((l) => l.level)).toEqual(EMITTED_LOG_LEVELS);
  });

  it('rejects an unknown logging level with -32602', async () => {
    const { peer } = await connectRecordingLogs();
    const call = peer.client.setLoggingLevel('loud' as 'info');
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: -32602 });
  });
});
