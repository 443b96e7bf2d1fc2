import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback reverse proxy that holds back the first `server/discover` POST by `delayMs`. */
export interface SlowProxy {
  /** The MCP endpoint through the proxy. */
  url: URL;
  /** JSON-RPC methods of every POST that came in, in arrival order. */
  methods: string[];
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Starts a proxy in front of `target` (a real MCP app) that forwards every request as it is, but
 * answers the first `server/discover` only after `delayMs`: a server that is slow to answer its
 * first request (a cold start, a loaded machine), not a legacy one.
 */
export async function startSlowProxy(target: URL, delayMs: number): Promise<SlowProxy> {
  const methods: string[] = [];
  let delayed = false;
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      let method = '';
      if (req.method === 'POST') {
        try {
          method = String((JSON.parse(body.toString('utf8')) as { method?: unknown }).method);
        } catch {
          method = 'unparsable';
        }
        methods.push(method);
      }
      if (method === 'server/discover' && !delayed) {
        delayed = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => (timers.delete(timer), resolve()), delayMs);
          timers.add(timer);
        });
      }
      if (res.destroyed) return; // the client gave up meanwhile
      const upstream = request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(target.pathname, `http://127.0.0.1:${port}`),
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
