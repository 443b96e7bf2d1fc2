import { within, waitFor } from '../support/wait.js';
import { RawSocket } from './support/raw-socket.js';
import { startWsApp, type WsTestApp } from './support/ws-app.js';

const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_BUFFERED_BYTES = 256 * 1024;

describe.each(['ws-adapter', 'none'] as const)(
  'MCP WebSocket gateway (adapter %s): bad input and misbehaving clients',
  (adapter) => {
    let server: WsTestApp;
    const sockets: RawSocket[] = [];
    const open = async (options?: Parameters<typeof RawSocket.open>[2]) => {
      const socket = await RawSocket.open(server.wsUrl, ['mcp'], options);
      sockets.push(socket);
      await socket.initialize();
      return socket;
    };
    const noSessionsLeft = () =>
      waitFor(() => server.server.sessionCount === 0, { description: 'sessions to end' });

    beforeAll(async () => {
      server = await startWsApp({
        adapter,
        gateway: {
          maxMessageBytes: MAX_MESSAGE_BYTES,
          maxBufferedBytes: MAX_BUFFERED_BYTES,
          // 1 s: a non-reading client must meet the buffer limit before its missed pings end it
          // (at 200 ms a CI machine at load 20 terminated it first: 1006, not the 1008 below).
          keepAliveMs: 1000,
        },
      });
    });

    afterEach(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close()));
      await noSessionsLeft();
    });

    afterAll(async () => {
      await server.close();
    });

    it('answers a binary frame with -32600 (with its id) and keeps serving', async () => {
      const socket = await open();
      socket.ws.send(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'bin', method: 'ping' })), {
        binary: true,
      });
      const error = await socket.response('bin');
      expect(error).toMatchObject({ id: 'bin', error: { code: -32600 } });
      await expect(socket.request(1, 'ping')).resolves.toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {},
      });
    });

    it('answers malformed JSON with -32700 (null id) and keeps serving', async () => {
      const socket = await open();
      socket.send('{"jsonrpc":"2.0","id":1,');
      const error = await socket.next((f) => f.id === null);
      expect(error).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      await expect(socket.request(2, 'ping')).resolves.toEqual({
        jsonrpc: '2.0',
        id: 2,
        result: {},
      });
    });

    it('answers a frame that is not one JSON-RPC message with -32600 and its id', async () => {
      const socket = await open();
      socket.send({ jsonrpc: '1.0', id: 'old', method: 'ping' });
      await expect(socket.response('old')).resolves.toMatchObject({ error: { code: -32600 } });
      socket.send([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
      await expect(socket.next((f) => f.id === null)).resolves.toMatchObject({
        error: { code: -32600 },
      });
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    });

    it('closes with 1009 on a frame over maxMessageBytes and ends the session', async () => {
      const socket = await open();
      socket.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'measure', arguments: { payload: 'x'.repeat(MAX_MESSAGE_BYTES) } },
      });
      const closed = await socket.whenClosed();
      expect(closed.code).toBe(1009);
      await noSessionsLeft();
    });

    it('accepts a message just under the limit', async () => {
      const socket = await open();
      const payload = 'y'.repeat(MAX_MESSAGE_BYTES - 200);
      const result = await socket.request(1, 'tools/call', {
        name: 'measure',
        arguments: { payload },
      });
      expect(result).toMatchObject({ result: { structuredContent: { length: payload.length } } });
    });

    it('a socket dropped mid-call aborts the handler’s signal and frees the session', async () => {
      const socket = await open();
      socket.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'wait_for_cancel', arguments: { key: 'ws-drop' } },
      });
      await within(server.tools.probe.wait('started:ws-drop'), 5000, 'the tool to start');
      expect(server.server.sessionCount).toBe(1);
      socket.ws.terminate(); // no close frame: the TCP connection just goes away
      const reason = await within(server.tools.probe.wait<Error>('aborted:ws-drop'), 5000, 'abort');
      expect(reason).toBeInstanceOf(Error);
      await noSessionsLeft();
    });

    it('refuses a foreign Origin (and a foreign Host) with 403 before upgrading', async () => {
      await expect(
        RawSocket.refusal(server.wsUrl, { Origin: 'http://evil.example' }),
      ).resolves.toBe(403);
      await expect(RawSocket.refusal(server.wsUrl, { Host: 'evil.example' })).resolves.toBe(403);
      expect(server.server.sessionCount).toBe(0);
      const sameOrigin = await open({ headers: { Origin: server.origin } });
      expect(sameOrigin.ws.readyState).toBe(sameOrigin.ws.OPEN);
    });

    it('closes with 1008 when a client stops reading, bounding what the server buffers', async () => {
      const socket = await open();
      socket.ws.pause(); // the client stops reading from its TCP socket
      socket.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'flood', arguments: { count: 2000, size: 32 * 1024 } },
      });
      await waitFor(() => server.server.sessionCount === 0, {
        timeoutMs: 20_000,
        description: 'the slow client’s session to end',
      });
      socket.ws.resume();
      const closed = await within(socket.closed, 20_000, 'the 1008 close');
      expect(closed).toEqual({
        code: 1008,
        reason: 'Send buffer limit exceeded: the client is not reading',
      });
      const logs = socket.frames.filter(
        (f) => (f as { method?: string }).method === 'notifications/message',
      );
      expect(logs.length).toBeLessThan(2000); // the tool stopped: its signal fired
    });

    it('terminates a client that does not answer pings, ending its session', async () => {
      const socket = await open({ autoPong: false });
      const closed = await within(socket.closed, 10_000, 'the keep-alive to terminate the socket');
      expect(closed.code).toBe(1006); // terminated: no close frame
      await noSessionsLeft();
    });

    it('keeps a client that answers pings across several intervals', async () => {
      const socket = await open();
      let pings = 0;
      socket.ws.on('ping', () => pings++);
      await waitFor(() => pings >= 3, { timeoutMs: 10_000, description: 'three pings' });
      await expect(socket.request(9, 'ping')).resolves.toEqual({
        jsonrpc: '2.0',
        id: 9,
        result: {},
      });
    });
  },
);
