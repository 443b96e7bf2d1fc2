import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpSession } from '../../../../lib/server/session/mcp-session.js';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import {
  BUFFER_OVERFLOW_REASON,
  WebSocketSessionBinding,
} from '../../../../lib/transports/websocket/websocket-session-binding.js';
import { FakeSocket } from './fake-socket.js';

const jest = import.meta.jest;

const request = {
  headers: { host: '127.0.0.1:1', 'x-test': 'yes' },
  socket: { remoteAddress: '127.0.0.9' },
} as never;

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

/** Resolves after pending microtasks and one macrotask (handlers are async). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WebSocketSessionBinding', () => {
  let server: McpServer;
  let seen: { transport?: McpContext['transport']; aborted?: unknown };

  beforeEach(() => {
    seen = {};
    server = new McpServer({ name: 'unit', version: '1.0.0' });
    server.registerTool({ name: 'inspect' }, (_args, ctx: McpContext) => {
      seen.transport = ctx.transport;
      return 'ok';
    });
    server.registerTool({ name: 'block' }, async (_args, ctx: McpContext) => {
      await new Promise<void>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          seen.aborted = ctx.signal.reason;
          resolve();
        });
      });
      return 'released';
    });
    server.registerTool({ name: 'chatty' }, (_args, ctx: McpContext) => {
      for (let i = 0; i < 10; i++) ctx.log('info', 'x'.repeat(100));
      return 'done';
    });
  });

  afterEach(() => server.close());

  function bind(options = { keepAliveMs: 0, maxBufferedBytes: 1024 * 1024 }) {
    const socket = new FakeSocket();
    const binding = new WebSocketSessionBinding(socket, request, server.core, options);
    return { socket, binding };
  }

  async function handshake(socket: FakeSocket): Promise<void> {
    socket.receive(initialize);
    socket.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await settle();
  }

  it('opens one websocket session per socket and answers on the socket', async () => {
    const { socket, binding } = bind();
    expect(server.sessionCount).toBe(1);
    expect((binding.session as McpSession).transportKind).toBe('websocket');
    expect(binding.session.id).toBeUndefined();
    await handshake(socket);
    expect(socket.messages()[0]).toMatchObject({
      id: 0,
      result: { protocolVersion: '2025-11-25' },
    });
    socket.finish();
  });

  it('admits the session under the address clientAddress resolves (the socket address without it)', () => {
    const forwarded = bind({
      keepAliveMs: 0,
      maxBufferedBytes: 1024,
      clientAddress: () => '203.0.113.7',
    } as never).binding;
    expect((forwarded.session as McpSession).admission?.remoteAddress).toBe('203.0.113.7');
    const plain = bind().binding;
    expect((plain.session as McpSession).admission?.remoteAddress).toBe('127.0.0.9');
  });

  it('gives handlers the upgrade headers, the peer address, the raw socket and the upgrade request', async () => {
    const { socket } = bind();
    await handshake(socket);
    socket.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'inspect' } });
    await settle();
    expect(seen.transport).toEqual({
      kind: 'websocket',
      headers: { host: '127.0.0.1:1', 'x-test': 'yes' },
      remoteAddress: '127.0.0.9',
      raw: socket,
      request: {
        headers: { host: '127.0.0.1:1', 'x-test': 'yes' },
        socket: { remoteAddress: '127.0.0.9' },
      },
    });
    socket.finish();
  });

  it('answers bad frames with JSON-RPC errors and keeps serving', async () => {
    const { socket } = bind();
    await handshake(socket);
    socket.receive('{not json');
    socket.emit('message', Buffer.from('{"jsonrpc":"2.0","id":5,"method":"ping"}'), true);
    socket.receive({ jsonrpc: '2.0', id: 6, method: 'ping' });
    await settle();
    const [, parse, binary, pong] = socket.messages();
    expect(parse).toMatchObject({ id: null, error: { code: -32700 } });
    expect(binary).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(pong).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
    expect(socket.closedWith).toBeUndefined();
    socket.finish();
  });

  it('a socket close ends the session and aborts its running handlers', async () => {
    const { socket, binding } = bind();
    await handshake(socket);
    socket.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'block' } });
    await settle();
    expect(seen.aborted).toBeUndefined();
    socket.finish(1006);
    await binding.closed;
    expect(seen.aborted).toBeInstanceOf(Error);
    expect(binding.session.closed).toBe(true);
    expect(server.sessionCount).toBe(0);
  });

  it('the server closing the session closes the socket with 1001', async () => {
    const { socket } = bind();
    server.close();
    expect(socket.closedWith).toEqual({ code: 1001, reason: 'Server shutting down' });
  });

  it('closes with 1008 and ends the session when the client does not read', async () => {
    const { socket, binding } = bind({ keepAliveMs: 0, maxBufferedBytes: 1024 });
    await handshake(socket);
    socket.stalled = true; // the client stopped reading
    socket.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'chatty' } });
    await settle();
    expect(socket.closedWith).toEqual({ code: 1008, reason: BUFFER_OVERFLOW_REASON });
    expect(binding.session.closed).toBe(true);
    expect(socket.bufferedAmount).toBeLessThanOrEqual(1024); // the bound held
    const sentAfterHandshake = socket.sent.length;
    socket.receive({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await settle();
    expect(socket.sent).toHaveLength(sentAfterHandshake); // nothing more is queued
    socket.finish(1008);
  });

  it('terminates a socket that stops answering pings', () => {
    jest.useFakeTimers();
    try {
      const { socket, binding } = bind({ keepAliveMs: 100, maxBufferedBytes: 1024 });
      jest.advanceTimersByTime(100);
      expect(socket.pings).toBe(1);
      socket.emit('pong');
      jest.advanceTimersByTime(100);
      expect(socket.pings).toBe(2);
      expect(socket.terminated).toBe(false);
      jest.advanceTimersByTime(100); // no pong for the second ping
      expect(socket.terminated).toBe(true);
      expect(binding.session.closed).toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
