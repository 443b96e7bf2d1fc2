import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, toArray } from 'rxjs';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Mcp } from '../../../lib/index.js';
import { WebSocketClientTransport } from '../../../lib/transports/websocket/websocket-client.transport.js';
import { waitFor, within } from '../support/wait.js';

/** A real `ws` server that records the handshake and hands over its socket. */
async function misbehavingServer() {
  const seen: { headers?: IncomingHttpHeaders; protocols?: string[]; received: string[] } = {
    received: [],
  };
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) => {
      seen.protocols = [...protocols];
      return 'mcp';
    },
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const socket = new Promise<WebSocket>((resolve) =>
    wss.once('connection', (ws, req) => {
      seen.headers = req.headers;
      ws.on('message', (data) => seen.received.push(String(data)));
      resolve(ws);
    }),
  );
  const url = new URL(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
  const close = () => new Promise((resolve) => wss.close(resolve));
  return { url, seen, socket, close };
}

describe('WebSocketClientTransport on the wire', () => {
  it('offers mcp, sends headers and one message per text frame', async () => {
    const server = await misbehavingServer();
    const transport = new WebSocketClientTransport(server.url, {
      headers: { Authorization: 'Bearer t0ken' },
    });
    await transport.start();
    const serverSocket = await server.socket;
    expect(server.seen.protocols).toEqual(['mcp']);
    expect(server.seen.headers?.authorization).toBe('Bearer t0ken');
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await waitFor(() => server.seen.received.length === 2, { description: 'two frames' });
    expect(server.seen.received.map((f) => JSON.parse(f))).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    serverSocket.terminate();
    await transport.close();
    await server.close();
  });

  it('reports garbage frames on errors$ and keeps delivering valid messages', async () => {
    const server = await misbehavingServer();
    const transport = new WebSocketClientTransport(server.url);
    const errors: Error[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    await transport.start();
    const all = firstValueFrom(transport.messages$.pipe(toArray()));
    const serverSocket = await server.socket;
    serverSocket.send('not json');
    serverSocket.send(JSON.stringify({ hello: 'world' }));
    serverSocket.send(Buffer.from('{}'), { binary: true });
    serverSocket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
    serverSocket.close(1011, 'boom');
    const messages: Mcp.JsonRpcMessage[] = await within(all, 5000, 'messages$ to complete');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    expect(errors.map((e) => [e.name, (e as { kind?: string }).kind])).toEqual([
      ['TransportError', 'protocol'],
      ['TransportError', 'protocol'],
      ['TransportError', 'protocol'],
      ['TransportError', 'closed'],
    ]);
    expect(errors[3]).toMatchObject({ status: 1011, message: expect.stringContaining('boom') });
    await expect(transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'closed',
    });
    await transport.close();
    await server.close();
  });

  it('close() ends the socket with 1000 and completes messages$ without an error', async () => {
    const server = await misbehavingServer();
    const transport = new WebSocketClientTransport(server.url);
    const errors: Error[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    await transport.start();
    const serverSocket = await server.socket;
    const serverSaw = new Promise<number>((resolve) => serverSocket.once('close', resolve));
    const done = firstValueFrom(transport.messages$.pipe(toArray()));
    await transport.close();
    await expect(within(done, 5000, 'messages$ to complete')).resolves.toEqual([]);
    await expect(within(serverSaw, 5000, 'the server close')).resolves.toBe(1000);
    expect(errors).toEqual([]);
    await expect(transport.start()).rejects.toMatchObject({ kind: 'protocol' });
    await server.close();
  });
});
