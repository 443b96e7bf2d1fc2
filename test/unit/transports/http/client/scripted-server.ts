import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the scripted server received. */
export interface RecordedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Parsed JSON body of a POST, when it was JSON. */
  json?: Record<string, unknown>;
  /** `Date.now()` when the request arrived. */
  at: number;
}

/** Answers one request; `index` counts requests from 0. */
export type ScriptHandler = (
  request: RecordedRequest,
  res: ServerResponse,
  req: IncomingMessage,
) => void | Promise<void>;

/** A raw HTTP server on 127.0.0.1 answering with a script, recording what it received. */
export interface ScriptedServer {
  url: URL;
  requests: RecordedRequest[];
  /** Resolves with the first recorded request matching `predicate` (now or later). */
  waitForRequest(predicate: (request: RecordedRequest) => boolean): Promise<RecordedRequest>;
  close(): Promise<void>;
}

/** Starts a scripted server; every socket is destroyed on close. */
export async function startScriptedServer(handler: ScriptHandler): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<{
    predicate: (r: RecordedRequest) => boolean;
    resolve: (r: RecordedRequest) => void;
  }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> | undefined;
      try {
        json = body === '' ? undefined : (JSON.parse(body) as Record<string, unknown>);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        headers: req.headers,
        body,
        json,
        at: Date.now(),
      };
      requests.push(recorded);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(recorded)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(recorded);
        }
      }
      void Promise.resolve(handler(recorded, res, req)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    requests,
    waitForRequest(predicate) {
      const found = requests.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Starts an SSE response. */
export function openSse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    ...headers,
  });
  res.flushHeaders();
}

/** Writes one SSE event. */
export function writeEvent(
  res: ServerResponse,
  event: { id?: string; retry?: number; event?: string; data?: unknown },
): void {
  let text = '';
  if (event.id !== undefined) text += `id: ${event.id}\n`;
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`;
  if (event.event !== undefined) text += `event: ${event.event}\n`;
  const data =
    event.data === undefined
      ? ''
      : typeof event.data === 'string'
        ? event.data
        : JSON.stringify(event.data);
  text += `data: ${data}\n\n`;
  res.write(text);
}

/** The result response to a recorded request. */
export function resultFor(request: RecordedRequest, result: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id: request.json?.id, result };
}

/** An initialize result. */
export const INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  serverInfo: { name: 'scripted', version: '1.0.0' },
};

/** Answers `initialize` (with a session id), 202 to notifications, `handler` for the rest, else 405. */
export function startMcpScript(
  handler?: ScriptHandler,
  sessionId = 'session-1',
): Promise<ScriptedServer> {
  return startScriptedServer((request, res, req) => {
    if (request.json?.method === 'initialize') {
      return sendJson(res, 200, resultFor(request, INITIALIZE_RESULT), {
        'mcp-session-id': sessionId,
      });
    }
    if (request.method === 'POST' && request.json && !('id' in request.json)) {
      res.writeHead(202).end();
      return;
    }
    if (handler) return handler(request, res, req);
    res.writeHead(405).end();
  });
}

/** An `initialize` request. */
export const initializeRequest = (id = 0) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
});

/** The `notifications/initialized` notification. */
export const initializedNotification = {
  jsonrpc: '2.0' as const,
  method: 'notifications/initialized',
};

/** A `ping` request. */
export const pingRequest = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });

/**
 * Both ways the transport sends HTTP, for `describe.each`: its own `node:http` requests (no
 * `fetch` option) and a user's `fetch` (here the global one).
 */
export const REQUESTERS: Array<[string, typeof fetch | undefined]> = [
  ['node:http', undefined],
  ['user fetch', (input, init) => fetch(input, init)],
];
