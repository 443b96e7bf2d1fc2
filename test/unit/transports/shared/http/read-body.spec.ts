import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  BodyTooLargeError,
  readBody,
  readJsonBody,
} from '../../../../../lib/transports/shared/http/read-body.js';
import { HttpRefusal } from '../../../../../lib/transports/shared/http/http-refusal.js';

/** A readable stream of `chunks` dressed as an IncomingMessage with the given headers. */
function fakeRequest(
  chunks: Array<string | Buffer>,
  headers: Record<string, string> = {},
): IncomingMessage & Readable {
  const stream = Readable.from(
    chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)),
    {
      objectMode: false,
    },
  ) as IncomingMessage & Readable;
  Object.assign(stream, { headers });
  return stream;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('readBody', () => {
  it('reads the whole body as UTF-8 text', async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    await expect(readBody(fakeRequest([body.slice(0, 10), body.slice(10)]), 1024)).resolves.toBe(
      body,
    );
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = Buffer.from('héllo wörld €', 'utf8');
    const euro = bytes.length - 2; // in the middle of the 3-byte euro sign
    await expect(
      readBody(fakeRequest([bytes.subarray(0, euro), bytes.subarray(euro)]), 1024),
    ).resolves.toBe('héllo wörld €');
  });

  it('reads an empty body', async () => {
    await expect(readBody(fakeRequest([]), 10)).resolves.toBe('');
  });

  it('accepts a body of exactly the limit', async () => {
    await expect(readBody(fakeRequest(['12345'], { 'content-length': '5' }), 5)).resolves.toBe(
      '12345',
    );
  });

  it('refuses a declared Content-Length above the limit before reading', async () => {
    const request = fakeRequest(['x'.repeat(10)], { 'content-length': '10' });
    const error = await rejectionOf(readBody(request, 5));
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).limit).toBe(5);
    expect((error as Error).message).toBe('Request body exceeds 5 bytes');
  });

  it('refuses a body that grows past the limit while streaming (no or lying Content-Length)', async () => {
    const chunks = ['aaaa', 'bbbb', 'cccc'];
    expect(await rejectionOf(readBody(fakeRequest(chunks), 10))).toBeInstanceOf(BodyTooLargeError);
    expect(
      await rejectionOf(readBody(fakeRequest(chunks, { 'content-length': '4' }), 10)),
    ).toBeInstanceOf(BodyTooLargeError);
  });

  it('drains the rest of an oversized body', async () => {
    const request = fakeRequest(['aaaa', 'bbbb', 'cccc']);
    await rejectionOf(readBody(request, 5));
    await finished(request); // the request is resumed, so the socket can be reused or closed
    expect(request.readableEnded).toBe(true);
  });

  it('ignores an unparsable Content-Length and counts bytes instead', async () => {
    await expect(readBody(fakeRequest(['ok'], { 'content-length': 'abc' }), 5)).resolves.toBe('ok');
  });

  it('rejects with the stream error', async () => {
    const request = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    }) as IncomingMessage & Readable;
    Object.assign(request, { headers: {} });
    const error = await rejectionOf(readBody(request, 100));
    expect((error as Error).message).toBe('socket hang up');
  });
});

/**
 * A real server whose handler waits until Node parsed the whole request (one turn of the event
 * loop), then calls `read` on it and answers with what it returned, as JSON.
 */
async function withCompleteRequest(
  body: string,
  read: (req: IncomingMessage) => Promise<unknown>,
): Promise<{ status: number; text: string }> {
  const server: Server = createServer((req, res) => {
    setImmediate(() => {
      read(req).then(
        (value) => res.end(JSON.stringify(value)),
        (error: unknown) => {
          res.statusCode = error instanceof HttpRefusal ? error.status : 500;
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', method: 'POST', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

describe('readJsonBody of a request that arrived complete', () => {
  it('takes the body from the buffer at once: no data listener, nothing left to read', async () => {
    const reply = await withCompleteRequest('{"jsonrpc":"2.0","id":1,"method":"ping"}', (req) => {
      const reading = readJsonBody(req, 1024, undefined, { timeoutMs: 30_000 });
      const seen = { dataListeners: req.listenerCount('data'), left: req.readableLength };
      return reading.then((body) => ({ body, ...seen }));
    });
    expect(JSON.parse(reply.text)).toEqual({
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
      dataListeners: 0,
      left: 0,
    });
  });

  it('still refuses a buffered body over the limit (413)', async () => {
    const reply = await withCompleteRequest('{"text":"' + 'x'.repeat(200) + '"}', (req) =>
      readJsonBody(req, 100),
    );
    expect(reply.status).toBe(413);
  });
});

describe('readJsonBody in front of the router (called as the request event fires)', () => {
  it('takes the declared body from the buffer before its end is pushed; the request still ends', async () => {
    const server: Server = createServer((req, res) => {
      const events: string[] = [];
      req.once('end', () => events.push('end'));
      req.once('close', () => {
        events.push('close');
        res.end(JSON.stringify(seen));
      });
      const on = req.on.bind(req);
      const listened: string[] = [];
      req.on = ((event: string, listener: (...args: unknown[]) => void) => {
        listened.push(event);
        return on(event, listener);
      }) as typeof req.on;
      let seen: unknown;
      const completeAtFirst = req.complete;
      void readJsonBody(req, 1024, undefined, { timeoutMs: 30_000 }).then((body) => {
        seen = { body, completeAtFirst, listened, events: [...events] };
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const text = await new Promise<string>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', method: 'POST', agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
      });
      expect(JSON.parse(text)).toEqual({
        body: { jsonrpc: '2.0', id: 1, method: 'ping' },
        completeAtFirst: false,
        // No data, end nor error listener: the body was taken from the buffer.
        listened: [],
        events: [],
      });
    } finally {
      server.close();
    }
  });
});
