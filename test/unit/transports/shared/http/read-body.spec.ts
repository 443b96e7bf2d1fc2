import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  BodyTooLargeError,
  readBody,
} from '../../../../../lib/transports/shared/http/read-body.js';

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
