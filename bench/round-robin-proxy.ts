import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain round-robin HTTP proxy: every request goes to the next upstream, bodies streamed both ways. */
export interface RoundRobinProxy {
  readonly url: string;
  /** Upstream ports, in turn order; change it to take an instance out. */
  upstreams: number[];
  /** The upstream port each request went to, in order (for assertions about the balancing). */
  readonly log: number[];
  /** Replies being streamed now (SSE), with the upstream serving each. */
  readonly streaming: Set<{ port: number; method: string; res: ServerResponse }>;
  /** Cuts every streamed reply of POST requests (a network failure): the client sees them drop. */
  dropPostStreams(): number;
  close(): Promise<void>;
}

/**
 * Starts the proxy on 127.0.0.1 in front of `upstreams` (ports on 127.0.0.1), on `port` (default
 * 0: any free port).
 */
export async function startRoundRobinProxy(
  upstreams: number[],
  port = 0,
): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<import('node:net').Socket>();
  const streaming: RoundRobinProxy['streaming'] = new Set();
  const proxy: Omit<RoundRobinProxy, 'url' | 'close'> = {
    upstreams: [...upstreams],
    log: [],
    streaming,
    dropPostStreams: () => {
      let dropped = 0;
      for (const entry of [...streaming]) {
        if (entry.method !== 'POST') continue;
        entry.res.destroy();
        dropped++;
      }
      return dropped;
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const port = proxy.upstreams[next++ % proxy.upstreams.length];
    proxy.log.push(port);
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        res.flushHeaders();
        if (String(reply.headers['content-type']).startsWith('text/event-stream')) {
          const entry = { port, method: req.method ?? '', res };
          streaming.add(entry);
          res.on('close', () => streaming.delete(entry));
        }
        reply.pipe(res);
        reply.on('error', () => res.destroy());
        reply.on('aborted', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy(); // the instance died mid-stream: the client sees the connection drop
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
