import { PassThrough } from 'node:stream';
import WebSocket from 'ws';
import { StdioServerTransport, type McpServer } from '../lib/index.js';
import { isJsonRpcShaped, isJsonRpcText, type Verdicts } from './checks.js';
import type { FuzzCase } from './generator.js';

/** One transport under fuzz: sends cases, then proves a valid request still works. */
export interface Driver {
  name: string;
  send(c: FuzzCase): Promise<void>;
  /** A valid request answered correctly after the batch. */
  alive(): Promise<boolean>;
  close(): Promise<void>;
}

/** HTTP statuses a refused or answered POST may have (documented refusals included). */
const HTTP_OK = new Set([200, 202, 400, 403, 404, 405, 406, 413, 415]);

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((r) => setTimeout(() => r(fallback), ms).unref())]);
}

/** Streamable HTTP: each case POSTed on a live session (one in five without it). */
export async function streamableHttp(base: string, verdicts: Verdicts): Promise<Driver> {
  const url = `${base}/mcp`;
  const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    });
  const init = await post(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '1' },
      },
    }),
  );
  await init.text();
  const session = {
    'mcp-session-id': init.headers.get('mcp-session-id') ?? '',
    'mcp-protocol-version': '2025-06-18',
  };
  await (await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', session)).text();
  let n = 0;
  return {
    name: 'streamable-http',
    async send(c) {
      const response = await post(c.payload, n++ % 5 === 0 ? {} : session);
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      const shaped =
        text === '' ||
        (type.includes('event-stream')
          ? text
              .split('\n')
              .filter((l) => l.startsWith('data: {'))
              .every((l) => isJsonRpcText(l.slice(6)))
          : isJsonRpcText(text));
      verdicts.check(
        HTTP_OK.has(response.status) && shaped,
        `HTTP ${response.status} ${c.kind}: ${text}`,
      );
    },
    async alive() {
      const r = await post(
        '{"jsonrpc":"2.0","id":"alive","method":"tools/call","params":{"name":"echo","arguments":{"text":"ok"}}}',
        session,
      );
      return (await r.text()).includes('"text":"ok"');
    },
    async close() {},
  };
}

/** A line/frame collector with a wait for the answer to one id. */
class Inbox {
  private waiters = new Map<string, () => void>();
  constructor(
    private readonly verdicts: Verdicts,
    private readonly label: string,
  ) {}

  take(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    this.verdicts.check(isJsonRpcShaped(value), `${this.label} sent ${text}`);
    const id = (value as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') this.waiters.get(id)?.();
  }

  answered(id: string): Promise<boolean> {
    return within(new Promise<boolean>((r) => this.waiters.set(id, () => r(true))), 3000, false);
  }
}

/** Legacy HTTP+SSE: one stream, each case POSTed to its messages endpoint. */
export async function legacySse(base: string, verdicts: Verdicts): Promise<Driver> {
  const abort = new AbortController();
  const inbox = new Inbox(verdicts, 'sse');
  const stream = await fetch(`${base}/sse`, {
    headers: { accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let endpoint = '';
  let buffer = '';
  const ready = new Promise<void>((resolve) => {
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (event.includes('event: endpoint')) {
            endpoint = data;
            resolve();
          } else if (data) inbox.take(data);
        }
      }
    })();
  });
  await ready;
  const url = new URL(endpoint, base);
  const post = (body: Buffer | string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await post(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '1' },
      },
    }),
  );
  let alive = 0;
  return {
    name: 'legacy-sse',
    async send(c) {
      const response = await post(c.payload);
      const text = await response.text();
      verdicts.check(
        HTTP_OK.has(response.status) && (text === '' || isJsonRpcText(text)),
        `SSE POST ${response.status}: ${text}`,
      );
    },
    async alive() {
      const id = `alive-${alive++}`;
      const answered = inbox.answered(id);
      await post(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));
      return answered;
    },
    async close() {
      abort.abort();
    },
  };
}

/** WebSocket: each case one text frame; a socket the server closed (1007, 1009) is reopened. */
export async function webSocket(base: string, verdicts: Verdicts): Promise<Driver> {
  const inbox = new Inbox(verdicts, 'ws');
  let socket: WebSocket;
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['mcp']);
      ws.on('message', (data) => inbox.take(String(data)));
      ws.on('error', () => undefined);
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', () => reject(new Error('WebSocket refused')));
    });
  socket = await open();
  let alive = 0;
  return {
    name: 'websocket',
    async send(c) {
      if (socket.readyState !== WebSocket.OPEN) socket = await open();
      socket.send(c.payload, { binary: false });
    },
    async alive() {
      // A case may have made the server close this socket (1007 invalid UTF-8, 1009 too big)
      // with the close still in flight: then the check runs again on a fresh socket.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (attempt > 0 || socket.readyState !== WebSocket.OPEN) socket = await open();
        const id = `alive-${alive++}`;
        const answered = inbox.answered(id);
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }));
        if (await answered) return true;
      }
      return false;
    },
    async close() {
      socket.terminate();
    },
  };
}

/** stdio: the app's server over a pair of in-process streams, one case per line. */
export function stdio(server: McpServer, verdicts: Verdicts): Driver {
  const input = new PassThrough();
  const output = new PassThrough();
  const inbox = new Inbox(verdicts, 'stdio');
  let rest = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) inbox.take(line);
  });
  const transport = new StdioServerTransport(
    server.core.createSession(undefined, 'stdio'),
    input,
    output,
  );
  transport.start();
  let alive = 0;
  return {
    name: 'stdio',
    async send(c) {
      input.write(Buffer.concat([c.payload, Buffer.from('\n')]));
    },
    async alive() {
      const id = `alive-${alive++}`;
      const answered = inbox.answered(id);
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`);
      return answered;
    },
    async close() {
      await transport.close();
    },
  };
}
