import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TransportError } from '../../../../lib/errors/transport.error.js';

/** A request the scripted server received. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the server does with one GET: write to `res` (headers not yet sent). */
export type GetScript = (res: ServerResponse, index: number) => void;

/**
 * A bare HTTP server that plays a legacy SSE server by script: each GET runs the next script
 * (the last one repeats), POSTs are recorded and answered with `postStatus`.
 */
export class ScriptedSseServer {
  readonly requests: SeenRequest[] = [];
  /** Open GET responses, in arrival order. */
  readonly streams: ServerResponse[] = [];
  postStatus = 202;
  postBody = '';
  private scripts: GetScript[] = [];
  private gets = 0;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.method === 'GET') {
        const index = this.gets++;
        this.streams.push(res);
        this.scripts[Math.min(index, this.scripts.length - 1)]?.(res, index);
      } else {
        res.writeHead(this.postStatus, { 'content-type': 'text/plain' });
        res.end(this.postBody);
      }
    });
  });
  port = 0;

  /** The base URL, e.g. `http://127.0.0.1:1234`. */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The SSE URL. */
  get sseUrl(): URL {
    return new URL('/sse', this.origin);
  }

  /** Sets the GET scripts (the last one repeats). */
  onGet(...scripts: GetScript[]): this {
    this.scripts = scripts;
    return this;
  }

  /** POSTs received so far, parsed. */
  posts(): Array<{ url: string; headers: IncomingHttpHeaders; message: unknown }> {
    return this.requests
      .filter((r) => r.method === 'POST')
      .map((r) => ({ url: r.url, headers: r.headers, message: JSON.parse(r.body) as unknown }));
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Starts an SSE response and writes `text` (raw event-stream text). */
export function sse(text = ''): GetScript {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    if (text) res.write(text);
  };
}

/** One `event: message` carrying `message` as JSON. */
export function messageEvent(message: unknown): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** The TransportError `promise` rejects with (fails the test when it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<TransportError> {
  const outcome = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(TransportError);
  return outcome as TransportError;
}
