import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * A plain round-robin HTTP proxy (or one hashing `Mcp-Session-Id`, see
 * {@link RoundRobinProxyOptions.hashSessionId}): every request goes to the next upstream, bodies
 * streamed both ways; an upgrade (WebSocket) goes to the next upstream too and is then piped both ways.
 */
export interface RoundRobinProxy {
  readonly url: string;
  /** Upstream ports, in turn order; change it to take an instance out. */
  upstreams: number[];
  /** The upstream port each request went to, in order (for assertions about the balancing). */
  readonly log: number[];
  /** Replies being streamed now (SSE), with the upstream serving each. */
  readonly streaming: Set<{ port: number; method: string; res: ServerResponse }>;
  /**
   * What the proxy could not pass on: `badGateway` requests answered 502 (the upstream failed
   * before answering), `cut` replies cut mid-way (the upstream's connection failed after the
   * status line), `retried` requests refused or closed unread, each then sent to the next upstream
   * (see {@link RoundRobinProxyOptions.retryRefused}).
   */
  readonly failures: { badGateway: number; cut: number; retried: number };
  /** Cuts every streamed reply of POST requests (a network failure): the client sees them drop. */
  dropPostStreams(): number;
  close(): Promise<void>;
}

/** How the proxy treats an upstream that refuses the connection. */
export interface RoundRobinProxyOptions {
  /**
   * Sends a request whose connection was refused (nothing reached the upstream, so any method is
   * safe to resend) to the next upstream, as balancers do by default (nginx `proxy_next_upstream
   * error`, HAProxy `retry-on conn-failure`); request bodies are then buffered. Default false: 502.
   * Also resent: a request written on a pooled keep-alive connection that the upstream closed
   * before any byte of an answer (the keep-alive race of HTTP/1.1: the upstream closed an idle
   * connection as the request went out, so it never read it), as HAProxy's `retry-on
   * empty-response` and Envoy's `reset` retry do. Any other reset, or a failure after an answer
   * began, is never retried: it is a 502.
   */
  retryRefused?: boolean;
  /**
   * Sends every request carrying `Mcp-Session-Id` to the upstream its id hashes to (as nginx
   * `hash $http_mcp_session_id`, HAProxy `balance hdr(Mcp-Session-Id)` or Envoy's `RING_HASH` on
   * the header do), so one instance serves all of a session; requests without one (`initialize`)
   * and retries go round robin. Default false: every request round robin.
   */
  hashSessionId?: boolean;
}

/** The upstream index a session id hashes to (FNV-1a over its characters). */
function hashIndex(sessionId: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < sessionId.length; i++) {
    hash = Math.imul(hash ^ sessionId.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash % count;
}

/** The upstream closed a pooled connection before answering the request written on it. */
const staleKeepAlive = (error: NodeJS.ErrnoException, reused: boolean) =>
  reused && (error.code === 'ECONNRESET' || error.message === 'socket hang up');

/**
 * Starts the proxy on 127.0.0.1 in front of `upstreams` (ports on 127.0.0.1), on `port` (default
 * 0: any free port).
 */
export async function startRoundRobinProxy(
  upstreams: number[],
  options: RoundRobinProxyOptions = {},
  port = 0,
): Promise<RoundRobinProxy> {
  let next = 0;
  const sockets = new Set<import('node:net').Socket>();
  const streaming: RoundRobinProxy['streaming'] = new Set();
  const failures = { badGateway: 0, cut: 0, retried: 0 };
  const proxy: Omit<RoundRobinProxy, 'url' | 'close'> = {
    upstreams: [...upstreams],
    log: [],
    streaming,
    failures,
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
  /**
   * The upstream of a session's request (with `hashSessionId`), else the next one in turn,
   * skipping those tried already for this request.
   */
  const pick = (tried: Set<number>, req: IncomingMessage) => {
    const session = req.headers['mcp-session-id'];
    if (options.hashSessionId && typeof session === 'string' && tried.size === 0) {
      return proxy.upstreams[hashIndex(session, proxy.upstreams.length)];
    }
    for (let n = 0; n < proxy.upstreams.length; n++) {
      const port = proxy.upstreams[next++ % proxy.upstreams.length]!;
      if (!tried.has(port)) return port;
    }
    return undefined;
  };
  /** Sends `req` to the next upstream; `body` is the buffered body when retries are on. */
  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body?: Buffer,
    tried = new Set<number>(),
  ) => {
    const port = pick(tried, req) ?? proxy.upstreams[next++ % proxy.upstreams.length]!;
    tried.add(port);
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
        const cut = () => {
          if (!res.writableEnded) failures.cut++;
          res.destroy();
        };
        reply.on('error', cut);
        reply.on('aborted', cut);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Refused, or a pooled connection closed unread: the instance never read the request.
      const resend = error.code === 'ECONNREFUSED' || staleKeepAlive(error, upstream.reusedSocket);
      if (body !== undefined && resend && !res.headersSent && tried.size < proxy.upstreams.length) {
        failures.retried++;
        forward(req, res, body, tried);
        return;
      }
      if (!res.headersSent) {
        failures.badGateway++;
        res.writeHead(502).end();
      } else {
        // the instance died mid-stream: the client sees the connection drop
        if (!res.writableEnded) failures.cut++;
        res.destroy();
      }
    });
    res.on('close', () => upstream.destroy());
    if (body === undefined) req.pipe(upstream);
    else upstream.end(body);
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!options.retryRefused) return forward(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks)));
  });
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const port = proxy.upstreams[next++ % proxy.upstreams.length]!;
    proxy.log.push(port);
    tunnel(req, client, head, port);
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

/** Passes an upgrade request to the upstream on `port` as written, then pipes both ways. */
function tunnel(req: IncomingMessage, client: Duplex, head: Buffer, port: number): void {
  const upstream: Socket = connect(port, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client).pipe(upstream);
  });
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  upstream.on('error', end);
  client.on('error', end);
  upstream.on('close', end);
  client.on('close', end);
}
