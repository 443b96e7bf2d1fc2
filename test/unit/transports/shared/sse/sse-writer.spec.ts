import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SseWriter } from '../../../../../lib/transports/shared/sse/sse-writer.js';

/** Accumulates the raw body of an SSE response and resolves waiters once a substring has arrived. */
class RawReader {
  text = '';
  private waiters: { needle: string; resolve: () => void }[] = [];
  readonly ended: Promise<void>;

  constructor(res: IncomingMessage) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.text += chunk;
      const ready = this.waiters.filter((w) => this.text.includes(w.needle));
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      for (const w of ready) w.resolve();
    });
    this.ended = new Promise((resolve) => res.once('end', resolve));
  }

  waitFor(needle: string): Promise<void> {
    if (this.text.includes(needle)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ needle, resolve }));
  }
}

describe('SseWriter (real HTTP server and client)', () => {
  let server: http.Server;
  let port: number;
  let serverResponse: Promise<ServerResponse>;

  beforeEach(async () => {
    let deliver: (res: ServerResponse) => void = () => undefined;
    serverResponse = new Promise((resolve) => (deliver = resolve));
    server = http.createServer((_req, res) => deliver(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Starts a GET; resolves once the server answered with headers. */
  function connect(): Promise<{ req: ClientRequest; res: IncomingMessage }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/mcp', agent: false }, (res) => {
        res.on('error', () => undefined); // resets are expected in several tests
        resolve({ req, res });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('writes status 200, the SSE headers plus extra headers, then framed events', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, {
      keepAliveMs: 0,
      headers: { 'Mcp-Session-Id': 'sess-1' },
    });
    expect(writer.open()).toBe(true);
    const { res } = await client; // headers arrived before any event: they were flushed
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['connection']).toBe('keep-alive');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['mcp-session-id']).toBe('sess-1');

    const reader = new RawReader(res);
    expect(writer.send({ id: 's_1', data: '' })).toBe(true);
    expect(writer.send({ id: 's_2', event: 'message', data: '{"jsonrpc":"2.0"}' })).toBe(true);
    writer.close();
    await reader.ended;
    expect(reader.text).toBe(
      'id: s_1\ndata: \n\nid: s_2\nevent: message\ndata: {"jsonrpc":"2.0"}\n\n',
    );
  });

  it('opens implicitly on the first send', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0 });
    expect(writer.send({ data: 'hi' })).toBe(true);
    const reader = new RawReader((await client).res);
    await reader.waitFor('data: hi\n\n');
    writer.close();
    await reader.ended;
    expect(reader.text).toBe('data: hi\n\n');
  });

  it('writes `: keepalive` comments on its interval', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 5 });
    writer.open();
    const reader = new RawReader((await client).res);
    await reader.waitFor(': keepalive\n\n');
    writer.close();
    await reader.ended;
    expect(reader.text.startsWith(': keepalive\n\n')).toBe(true);
  });

  it('close() ends the response once, fires onClose once, and is idempotent', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0 });
    const calls: string[] = [];
    writer.onClose(() => calls.push('first'));
    const unsubscribe = writer.onClose(() => calls.push('removed'));
    unsubscribe();
    writer.open();
    const reader = new RawReader((await client).res);
    writer.close();
    writer.close();
    await reader.ended;
    expect(writer.closed).toBe(true);
    writer.onClose(() => calls.push('late')); // already closed: runs at once
    expect(calls).toEqual(['first', 'late']);
    expect(writer.send({ data: 'after close' })).toBe(false);
    expect(reader.text).toBe('');
  });

  it('on client disconnect fires onClose; send returns false and nothing throws', async () => {
    const client = connect();
    const res = await serverResponse;
    const writer = new SseWriter(res, { keepAliveMs: 5 });
    const closed = new Promise<void>((resolve) => writer.onClose(resolve));
    writer.open();
    (await client).req.destroy();
    await closed;
    expect(writer.closed).toBe(true);
    expect(writer.send({ data: 'too late' })).toBe(false);
    expect(writer.sendComment('too late')).toBe(false);
    expect(() => writer.close()).not.toThrow();
    // A writer created on a response whose client already left is closed from the start.
    const late = new SseWriter(res);
    expect(late.closed).toBe(true);
    expect(late.open()).toBe(false);
  });

  it('close() before open() leaves the response to the caller', async () => {
    const client = connect();
    const res = await serverResponse;
    const writer = new SseWriter(res);
    writer.close();
    expect(writer.closed).toBe(true);
    expect(res.headersSent).toBe(false);
    res.writeHead(503).end();
    expect((await client).res.statusCode).toBe(503);
  });

  it('queues while backpressured and flushes the queue in order on drain', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0 });
    writer.open();
    const { res } = await client;
    res.pause();
    const payload = 'y'.repeat(16 * 1024);
    let sent = 0;
    while (sent < 50_000 && writer.bufferedBytes === 0) {
      expect(writer.send({ id: String(sent), data: payload })).toBe(true);
      sent++;
    }
    expect(writer.bufferedBytes).toBeGreaterThan(0);
    expect(writer.send({ id: 'last', data: 'END' })).toBe(true);

    const reader = new RawReader(res);
    res.resume(); // the client reads again: the socket drains and the writer flushes its queue
    await reader.waitFor('id: last\ndata: END\n\n');
    expect(writer.bufferedBytes).toBe(0);
    const ids = [...reader.text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]);
    expect(ids).toEqual([...Array.from({ length: sent }, (_, i) => String(i)), 'last']);
    writer.close();
    await reader.ended;
  });

  it('bounds the bytes queued for a paused client, then destroys the connection', async () => {
    const maxBufferedBytes = 64 * 1024;
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0, maxBufferedBytes });
    let onCloseCalls = 0;
    writer.onClose(() => onCloseCalls++);
    writer.open();
    const { req, res } = await client;
    res.pause(); // the client stops reading: the kernel buffers fill, then res.write reports backpressure
    const clientGone = new Promise((resolve) => req.once('close', resolve));

    const payload = 'x'.repeat(16 * 1024);
    let peak = 0;
    let accepted = 0;
    // Synchronous loop: no 'drain' can run, so once backpressured everything goes to the writer's queue.
    while (accepted < 50_000 && writer.send({ data: payload })) {
      accepted++;
      peak = Math.max(peak, writer.bufferedBytes);
    }

    expect(writer.closed).toBe(true);
    expect(onCloseCalls).toBe(1);
    expect(peak).toBeGreaterThan(0); // some events were queued rather than dropped
    expect(peak).toBeLessThanOrEqual(maxBufferedBytes);
    expect(writer.bufferedBytes).toBe(0);
    expect(writer.send({ data: 'more' })).toBe(false);
    await clientGone; // the connection was destroyed, not merely abandoned
  });

  it('writable() waits out backpressure, so a writer awaiting it sends any amount within the bound', async () => {
    const maxBufferedBytes = 64 * 1024;
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0, maxBufferedBytes });
    writer.open();
    const { res } = await client;
    const reader = new RawReader(res);
    const payload = 'z'.repeat(16 * 1024);
    const count = 256; // 4 MiB: 64 times the bound, were it written in one go
    let peak = 0;
    for (let i = 0; i < count; i++) {
      expect(writer.send({ id: String(i), data: payload })).toBe(true);
      peak = Math.max(peak, writer.bufferedBytes);
      await writer.writable();
    }
    expect(peak).toBeLessThanOrEqual(maxBufferedBytes);
    await reader.waitFor(`id: ${count - 1}\n`);
    expect([...reader.text.matchAll(/^id: (.*)$/gm)]).toHaveLength(count);
    writer.close();
    await reader.ended;
  }, 120_000); // 4 MiB through a real socket: past 30 s once beside CI's other lanes (load ~12)

  it('writable() resolves when the client goes away while backpressured', async () => {
    const client = connect();
    const writer = new SseWriter(await serverResponse, { keepAliveMs: 0 });
    writer.open();
    const { req, res } = await client;
    res.pause();
    while (writer.bufferedBytes === 0) writer.send({ data: 'w'.repeat(16 * 1024) });
    const waiting = writer.writable();
    req.destroy();
    // It resolves: by the close, or first by a drain (Node 22+ may flush what the kernel still
    // takes before the close arrives); either way the writer then ends closed, nothing hangs.
    await waiting;
    await new Promise<void>((resolve) => writer.onClose(resolve));
    expect(writer.closed).toBe(true);
    expect(writer.send({ data: 'after' })).toBe(false);
  });
});
