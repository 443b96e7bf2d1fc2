import { RawSocket } from '../websocket/support/raw-socket.js';
import { initializeRawSseSession, type RawSseSession } from '../sse/support/raw-sse.js';
import { initializeRawSession, postJson, rpcMessages } from '../support/raw-http.js';
import { startReliabilityApp, type ReliabilityApp } from './support/reliability-app.js';

/** Raw text of a tools/call whose payload is an array nested `depth` levels deep. */
function deepCall(id: number, depth: number): string {
  const payload = '['.repeat(depth) + ']'.repeat(depth);
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"log_back","arguments":{"payload":${payload}}}}`;
}

const call = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

/**
 * Defect 1 of issue 11: a message the server cannot encode (a client's array nested thousands
 * deep echoed back, a BigInt) used to throw inside an RxJS subscriber on WebSocket and legacy
 * SSE and end the process. Deep input is now refused on the way in, and every transport encodes
 * through one guarded path: a response becomes -32603, anything else is dropped.
 */
describe('Outgoing messages JSON cannot encode never end the process', () => {
  let server: ReliabilityApp;

  beforeAll(async () => {
    server = await startReliabilityApp();
  });

  afterAll(async () => {
    await server.close();
  });

  describe('WebSocket', () => {
    let socket: RawSocket;

    beforeEach(async () => {
      socket = await RawSocket.open(new URL('/ws', server.origin.replace('http', 'ws')), ['mcp']);
      await socket.initialize();
    });

    afterEach(async () => {
      await socket.close();
    });

    it('refuses a payload nested 5000 deep with -32600 and keeps serving', async () => {
      socket.send(deepCall(1, 5000));
      await expect(socket.response(1)).resolves.toMatchObject({ id: 1, error: { code: -32600 } });
      await expect(socket.request(2, 'ping')).resolves.toMatchObject({ id: 2, result: {} });
    });

    it('drops a notification it cannot encode and still answers the call', async () => {
      await expect(
        socket.request(3, 'tools/call', call(3, 'bad_log').params),
      ).resolves.toMatchObject({ id: 3, result: { content: [{ type: 'text', text: 'done' }] } });
      expect(
        socket.frames.some((f) => (f as { method?: string }).method === 'notifications/message'),
      ).toBe(false);
    });

    it('answers a result it cannot encode with -32603', async () => {
      await expect(
        socket.request(4, 'tools/call', call(4, 'bad_result').params),
      ).resolves.toMatchObject({ id: 4, error: { code: -32603 } });
      await expect(socket.request(5, 'ping')).resolves.toMatchObject({ id: 5, result: {} });
    });
  });

  describe('legacy HTTP+SSE', () => {
    let session: RawSseSession;

    beforeEach(async () => {
      session = await initializeRawSseSession(new URL('/sse', server.origin));
    });

    afterEach(() => {
      session.stream.abort();
    });

    it('refuses a payload nested 5000 deep with 400 -32600 and keeps serving', async () => {
      const refused = await session.post(deepCall(11, 5000));
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ id: 11, error: { code: -32600 } });
      expect((await session.post({ jsonrpc: '2.0', id: 12, method: 'ping' })).status).toBe(202);
      const seen = await session.readUntil((m) => m.id === 12);
      expect(seen.at(-1)).toMatchObject({ id: 12, result: {} });
    });

    it('drops a notification it cannot encode and answers a result it cannot encode with -32603', async () => {
      await session.post(call(13, 'bad_log'));
      const seen = await session.readUntil((m) => m.id === 13);
      expect(seen.map((m) => m.method)).not.toContain('notifications/message');
      expect(seen.at(-1)).toMatchObject({ id: 13, result: { content: [{ text: 'done' }] } });
      await session.post(call(14, 'bad_result'));
      const after = await session.readUntil((m) => m.id === 14);
      expect(after.at(-1)).toMatchObject({ id: 14, error: { code: -32603 } });
    });
  });

  describe('Streamable HTTP', () => {
    it('refuses the deep payload with 400 -32600 and answers an unencodable result with -32603', async () => {
      const url = new URL('/mcp', server.origin);
      const { headers } = await initializeRawSession(url);
      const refused = await postJson(url, deepCall(21, 5000), headers);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toMatchObject({ id: 21, error: { code: -32600 } });
      const failed = await postJson(url, call(22, 'bad_result'), headers);
      expect(rpcMessages(failed)).toEqual([
        expect.objectContaining({ id: 22, error: expect.objectContaining({ code: -32603 }) }),
      ]);
    });
  });
});
