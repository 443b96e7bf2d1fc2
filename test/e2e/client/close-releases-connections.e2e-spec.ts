import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { McpClient } from '../../../lib/client/mcp-client.js';
import { StreamableHttpClientTransport } from '../../../lib/transports/http/client/streamable-http-client.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { startSseApp, type SseTestApp } from '../sse/support/sse-app.js';
import { waitFor } from '../support/wait.js';

/** The sockets a server holds open, tracked from its `connection` events. */
function trackSockets(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * `McpClient.close()` must leave the server no connection to wait for, so `app.close()` right
 * after it finishes at once (reported: 4 s after our client, 2 ms after the SDK client). The
 * fetch pool may keep idle keep-alive sockets (as it does for every fetch user); a closing server
 * drops those (`closeIdleConnections`, which `server.close()` calls). What it must wait for is a
 * socket with a request in progress or one that never carried a request, which Node does not
 * count as idle: after close() there must be none.
 */
describe('McpClient.close() releases every HTTP connection', () => {
  let app: SseTestApp;
  let sockets: Set<Socket>;

  beforeEach(async () => {
    app = await startSseApp();
    sockets = trackSockets(app.app.getHttpServer() as Server);
  });

  afterEach(async () => {
    await app.close();
  });

  const transports = {
    'Streamable HTTP': () => new StreamableHttpClientTransport(app.mcpUrl),
    'legacy HTTP+SSE': () => new SseClientTransport(app.sseUrl),
  };

  it.each(Object.keys(transports) as Array<keyof typeof transports>)(
    '%s: the server has no open socket once close() resolved',
    async (name) => {
      const client = new McpClient({ transport: transports[name]() });
      await client.connect();
      await client.callTool('echo', { text: 'hi' });
      await client.listTools();
      expect(sockets.size).toBeGreaterThan(0);
      await client.close();
      const server = app.app.getHttpServer() as Server;
      // A leaked stream stays open however long we wait; 10 s only leaves a loaded CI machine
      // (2 s ran out there once, with 2 jest workers and the side lanes) time to see the FINs.
      await waitFor(() => (server.closeIdleConnections(), sockets.size === 0), {
        timeoutMs: 10_000,
        description: `the server's sockets to close (${sockets.size} open)`,
      });
      expect(sockets.size).toBe(0);
    },
  );

  it('Streamable HTTP: its own keep-alive sockets are closed too, idle or not', async () => {
    // The default (node:http) path owns its agent: close() destroys every socket, so nothing is
    // left even for a server that never drops idle connections.
    const client = new McpClient({ transport: transports['Streamable HTTP']() });
    await client.connect();
    await client.callTool('echo', { text: 'hi' });
    expect(sockets.size).toBeGreaterThan(0);
    await client.close();
    await waitFor(() => sockets.size === 0, {
      timeoutMs: 2000,
      description: `the server's sockets to close (${sockets.size} open)`,
    });
    expect(sockets.size).toBe(0);
  });
});
