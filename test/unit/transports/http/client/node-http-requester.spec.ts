import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { NodeHttpRequester } from '../../../../../lib/transports/http/client/node-http-requester.js';
import { readTextLimited } from '../../../../../lib/transports/shared/http/http-reply.js';

/** The transport's own node:http requests: keep-alive reuse, headers, bodies, close. */
describe('NodeHttpRequester', () => {
  let server: Server;
  let url: URL;
  const sockets: Socket[] = [];
  const requester = new NodeHttpRequester();
  const signal = new AbortController().signal;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'DELETE') return res.writeHead(202).end();
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': req.headers['x-a'] });
        res.end('{"ok":true}');
      });
    });
    // Idle connections would stay open for a minute: only the client's close() ends them early.
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket: Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    requester.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads status, headers and body, reuses one connection, and close() ends it', async () => {
    const headers = { 'x-a': 'one' };
    const first = await requester.request(url, { method: 'POST', headers, body: '{}', signal });
    expect(first).toMatchObject({ status: 200, ok: true, statusText: 'OK' });
    expect(first.headers.get('X-Echo')).toBe('one');
    expect(first.headers.get('x-missing')).toBeNull();
    expect(await readTextLimited(first, 1024)).toBe('{"ok":true}');
    // A discarded (202) body is drained, so its connection serves the next request.
    const discarded = await requester.request(url, { method: 'DELETE', headers: {}, signal });
    expect(discarded.status).toBe(202);
    await discarded.body!.cancel();
    const third = await requester.request(url, { method: 'GET', headers, signal });
    await readTextLimited(third, 1024);
    expect(sockets).toHaveLength(1);

    requester.close();
    await once(sockets[0]!, 'close');
  });
});
