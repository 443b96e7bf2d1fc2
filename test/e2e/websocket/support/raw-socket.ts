import { WebSocket, type ClientOptions } from 'ws';
import { within } from '../../support/wait.js';

/** How a socket closed, as the client saw it. */
export interface CloseInfo {
  code: number;
  reason: string;
}

/**
 * A raw `ws` client for wire-level tests: records every text frame and the close, and awaits
 * them without sleeping.
 */
export class RawSocket {
  readonly frames: unknown[] = [];
  readonly closed: Promise<CloseInfo>;
  private waiters: Array<{ check: (frame: unknown) => boolean; resolve: (f: unknown) => void }> =
    [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const frame: unknown = isBinary ? data : JSON.parse(String(data));
      this.frames.push(frame);
      for (const waiter of this.waiters.filter((w) => w.check(frame))) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket offering `protocols` (default `mcp`). Rejects on a refused handshake. */
  static async open(
    url: URL,
    protocols: string[] = ['mcp'],
    options: ClientOptions = {},
  ): Promise<RawSocket> {
    const ws = new WebSocket(url, protocols, options);
    const socket = new RawSocket(ws);
    await within(
      new Promise<void>((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      }),
      5000,
      `WebSocket open ${url.href}`,
    );
    return socket;
  }

  /** Resolves with the HTTP status of a refused handshake. */
  static refusal(url: URL, headers: Record<string, string> = {}): Promise<number> {
    const ws = new WebSocket(url, ['mcp'], { headers });
    return within(
      new Promise<number>((resolve, reject) => {
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          ws.terminate();
        });
        ws.once('open', () => reject(new Error('the handshake was accepted')));
        ws.on('error', () => undefined);
      }),
      5000,
      `refusal of ${url.href}`,
    );
  }

  /** Sends a message (object) or raw text as one text frame. */
  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first frame (already received or next) matching `check`. */
  next<T = Record<string, unknown>>(
    check: (frame: Record<string, unknown>) => boolean,
  ): Promise<T> {
    const test = (f: unknown) =>
      typeof f === 'object' && f !== null && check(f as Record<string, unknown>);
    const found = this.frames.find(test);
    if (found) return Promise.resolve(found as T);
    const promise = new Promise<unknown>((resolve) => this.waiters.push({ check: test, resolve }));
    return within(promise as Promise<T>, 5000, 'a matching frame');
  }

  /** The response to request `id`. */
  response<T = Record<string, unknown>>(id: string | number): Promise<T> {
    return this.next<T>((f) => f.id === id && !('method' in f));
  }

  /** Sends a request and resolves with its response. */
  async request<T = Record<string, unknown>>(
    id: string | number,
    method: string,
    params?: Record<string, unknown>,
  ): Promise<T> {
    this.send({ jsonrpc: '2.0', id, method, ...(params && { params }) });
    return this.response<T>(id);
  }

  /** `initialize` + `notifications/initialized`. */
  async initialize(): Promise<Record<string, unknown>> {
    const response = await this.request('init', 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw-e2e', version: '1.0.0' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return response;
  }

  /** Waits (bounded) for the close. */
  whenClosed(): Promise<CloseInfo> {
    return within(this.closed, 5000, 'the socket to close');
  }

  /** Closes the socket and waits for the close. */
  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
    else if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    await this.closed;
  }
}
