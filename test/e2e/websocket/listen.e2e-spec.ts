import { waitFor } from '../support/wait.js';
import { RawSocket } from './support/raw-socket.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** subscriptions/listen on a WebSocket connection: 2026-07-28 messages, no initialize. */
describe('subscriptions/listen over WebSocket (2026-07-28)', () => {
  let app: WsTestApp;
  let socket: RawSocket;

  beforeEach(async () => {
    app = await startWsApp();
    socket = await RawSocket.open(app.wsUrl);
  });

  afterEach(async () => {
    await socket.close();
    await app.close();
  });

  const tagged = (id: string | number, method: string) => (f: Record<string, unknown>) =>
    f.method === method && (f.params as { _meta?: Record<string, unknown> })._meta?.[SUB] === id;

  it('streams tagged list changes until notifications/cancelled ends the stream', async () => {
    const hub = app.server.core.listen!;
    socket.send({
      jsonrpc: '2.0',
      id: 'L',
      method: 'subscriptions/listen',
      params: { _meta: META, notifications: { toolsListChanged: true, unknown: 1 } },
    });
    const ack = await socket.next(tagged('L', 'notifications/subscriptions/acknowledged'));
    expect(ack.params).toEqual({
      _meta: { [SUB]: 'L' },
      notifications: { toolsListChanged: true },
    });
    app.server.registerTool({ name: 'runtime_tool' }, () => 'x');
    await socket.next(tagged('L', 'notifications/tools/list_changed'));
    expect(hub.size).toBe(1);

    socket.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L' } });
    await waitFor(() => hub.size === 0, { description: 'the hub to drop the stream' });
    app.server.removeTool('runtime_tool');
    // Frames go out in order: once this answer is in, a change frame would have been too.
    await socket.request('after', 'tools/list', { _meta: META });
    const changes = socket.frames.filter((f) =>
      tagged('L', 'notifications/tools/list_changed')(f as Record<string, unknown>),
    );
    expect(changes).toHaveLength(1);
    expect(socket.frames.some((f) => (f as { id?: unknown }).id === 'L')).toBe(false);
  });

  it('answers the listen result on the connection when McpServer.close() ends the streams', async () => {
    socket.send({
      jsonrpc: '2.0',
      id: 7,
      method: 'subscriptions/listen',
      params: { _meta: META, notifications: { promptsListChanged: true } },
    });
    await socket.next(tagged(7, 'notifications/subscriptions/acknowledged'));
    app.server.close();
    expect(await socket.response(7)).toMatchObject({
      id: 7,
      result: { resultType: 'complete', _meta: { [SUB]: 7 } },
    });
  });

  it('answers the listen result before the sockets close when the app shuts down', async () => {
    socket.send({
      jsonrpc: '2.0',
      id: 'shutdown',
      method: 'subscriptions/listen',
      params: { _meta: META, notifications: { toolsListChanged: true } },
    });
    await socket.next(tagged('shutdown', 'notifications/subscriptions/acknowledged'));
    const answered = socket.response('shutdown');
    await app.close();
    expect(await answered).toMatchObject({
      id: 'shutdown',
      result: { resultType: 'complete', _meta: { [SUB]: 'shutdown' } },
    });
  });
});
