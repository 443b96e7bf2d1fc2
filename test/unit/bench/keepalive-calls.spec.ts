import {
  Agent,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { retryOnReset, sendEchoCalls } from '../../../bench/keepalive-calls.js';
import { ECHO_TEXT } from '../../../bench/workload.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string, n: number) => void;

/** A real HTTP server whose `handler` sees each request (numbered from 1) with its whole body. */
async function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handler(req, res, body, ++n));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, server };
}

function echo(res: ServerResponse, body: string): void {
  const { id } = JSON.parse(body) as { id: number };
  const result = { content: [{ type: 'text', text: ECHO_TEXT }] };
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
}

/** Closes the connection under the request, as a server ending a keep-alive socket does. */
const reset = (req: IncomingMessage) => req.socket.destroy();

describe('bench:instructions measurement client', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const started = async (handler: Handler) => {
    const { url, server } = await serve(handler);
    servers.push(server);
    return url;
  };

  it('resends an echo call whose connection was closed under it, and counts it', async () => {
    const url = await started((req, res, body, n) => (n % 5 === 2 ? reset(req) : echo(res, body)));
    const resent = await sendEchoCalls({
      url,
      headers: {},
      modern: false,
      count: 20,
      concurrency: 2,
    });
    expect(resent).toBeGreaterThan(0);
  });

  it("goes on on a caller's connections and leaves them open; by default opens its own", async () => {
    const sockets = new Set<unknown>();
    const url = await started((req, res, body) => {
      sockets.add(req.socket);
      echo(res, body);
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      const batch = { url, headers: {}, modern: false, count: 10, concurrency: 2, agent };
      await sendEchoCalls(batch);
      await sendEchoCalls(batch);
      // Both batches on the same two connections, still open for the next one.
      expect(sockets.size).toBe(2);
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(2);
    } finally {
      agent.destroy();
    }
    await sendEchoCalls({ url, headers: {}, modern: false, count: 10, concurrency: 2 });
    expect(sockets.size).toBe(4);
  });

  it('still fails on a reply that is not the echo (a real server failure)', async () => {
    const url = await started((_req, res) => {
      res.statusCode = 500;
      res.end('{"error":"down"}');
    });
    await expect(
      sendEchoCalls({ url, headers: {}, modern: false, count: 3, concurrency: 1 }),
    ).rejects.toThrow(/HTTP 500/);
  });

  it('retries a fetch whose keep-alive connection was reset, and only that', async () => {
    const url = await started((req, res, _body, n) => (n === 1 ? reset(req) : res.end('ok')));
    let attempts = 0;
    const text = await retryOnReset(async () => {
      attempts += 1;
      return (await fetch(url, { method: 'POST', body: '{}' })).text();
    });
    expect(text).toBe('ok');
    expect(attempts).toBe(2);

    let failures = 0;
    await expect(
      retryOnReset(async () => {
        failures += 1;
        throw new Error('initialize failed: HTTP 500');
      }),
    ).rejects.toThrow('HTTP 500');
    expect(failures).toBe(1);
  });

  it('gives up on a server that resets every time', async () => {
    const url = await started((req) => reset(req));
    let attempts = 0;
    await expect(
      retryOnReset(async () => {
        attempts += 1;
        return (await fetch(url, { method: 'POST', body: '{}' })).text();
      }),
    ).rejects.toThrow('fetch failed');
    expect(attempts).toBe(4);
  });
});
