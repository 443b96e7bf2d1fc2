import { connect } from 'node:net';
import { McpModule } from '../../../lib/index.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { ENDPOINT_MOUNTS } from './support/platforms.js';

const LIMIT = 4 * 1024 * 1024; // the default
const BODY_BYTES = 8 * 1024 * 1024;

/**
 * A client that sends a whole POST before it reads anything (as simple clients do), with its
 * socket paused meanwhile: what the server wrote stays in the kernel's receive buffer, where a
 * reset (the server closing with body bytes unread) would discard it. Returns what it read once
 * done sending: the status line, or the error that ended the connection.
 */
function postThenRead(url: URL, declareLength: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.pause();
    let received = '';
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const line = received.split('\r\n', 1)[0]!;
      if (received.includes('\r\n')) settle(line);
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      settle(received ? received : `error ${error.code}`),
    );
    socket.on('close', () => settle(received ? received.split('\r\n', 1)[0]! : 'closed'));
    socket.on('connect', async () => {
      const head =
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n` +
        'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
        (declareLength ? `Content-Length: ${BODY_BYTES}\r\n` : 'Transfer-Encoding: chunked\r\n') +
        '\r\n';
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < BODY_BYTES && !socket.destroyed; sent += chunk.length) {
        const data = declareLength
          ? chunk
          : Buffer.concat([
              Buffer.from(`${chunk.length.toString(16)}\r\n`),
              chunk,
              Buffer.from('\r\n'),
            ]);
        const flushed = await new Promise<boolean>((done) => {
          socket.write(data, (error) => done(!error));
        });
        if (!flushed) break;
      }
      if (!declareLength && !socket.destroyed) socket.write('0\r\n\r\n');
      socket.resume(); // now read what the server answered
    });
  });
}

describe.each(ENDPOINT_MOUNTS)(
  'an 8 MiB POST body over maxMessageBytes on %s',
  (_, { platform, fastPath }) => {
    let booted: BootedApp;
    beforeAll(async () => {
      booted = await bootApp({
        platform,
        imports: [
          McpModule.forRoot({ name: 'big', version: '1', maxMessageBytes: LIMIT, fastPath }),
        ],
      });
    });
    afterAll(() => booted.close());

    it.each([
      ['with Content-Length', true],
      ['chunked', false],
    ])('is answered 413 the client reads (%s), never a reset', async (_label, declareLength) => {
      for (let round = 0; round < 3; round += 1) {
        expect(await postThenRead(booted.url(), declareLength)).toBe(
          'HTTP/1.1 413 Payload Too Large',
        );
      }
    });
  },
);
