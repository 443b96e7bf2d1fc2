import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { McpModule } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { PLATFORMS } from '../nest/support/platforms.js';

const LIMIT = 64 * 1024;
const BODY_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

interface Upload {
  /** What the server answered (status line, headers, body). */
  response: string;
  /** Bytes the client managed to write before the server closed the connection. */
  written: number;
  /** True when the server closed the connection before the whole body was sent. */
  closedEarly: boolean;
}

/** Sends a POST declaring (or chunking) a huge body on a keep-alive connection, until closed. */
function upload(url: URL, chunked: boolean): Promise<Upload> {
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let response = '';
    let written = 0;
    let closed = false;
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (response += text));
    socket.on('error', () => undefined); // EPIPE / ECONNRESET once the server hangs up
    socket.on('close', () => {
      closed = true;
      resolve({ response, written, closedEarly: written < BODY_BYTES });
    });
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${BODY_BYTES}`;
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
        `${framing}\r\n\r\n`,
    );
    const pump = () => {
      while (!closed && written < BODY_BYTES) {
        const frame = chunked
          ? Buffer.concat([
              Buffer.from(`${CHUNK.length.toString(16)}\r\n`),
              CHUNK,
              Buffer.from('\r\n'),
            ])
          : CHUNK;
        written += CHUNK.length;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          return;
        }
      }
      // The whole body went out and the connection is still open: the server read it all.
      if (!closed) setImmediate(() => socket.destroy());
    };
    pump();
  });
}

/** Issue 11 defect 6: after a 413 the server must not go on reading a huge body. */
describe.each(PLATFORMS)('a huge body on a keep-alive connection (%s)', (platform) => {
  let booted: BootedApp;
  const serverSockets: Socket[] = [];

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'bodies', version: '1.0.0', maxMessageBytes: LIMIT })],
    });
    (booted.app.getHttpServer() as Server).on('connection', (s: Socket) => serverSockets.push(s));
  });
  afterAll(() => booted.close());

  it.each([
    ['declared by Content-Length', false],
    ['sent chunked', true],
  ])(
    'is answered 413 with Connection: close, and the rest is not read (%s)',
    async (_, chunked) => {
      serverSockets.length = 0;
      const result = await upload(booted.url(), chunked);
      expect(result.response).toMatch(/^HTTP\/1\.1 413 /);
      expect(result.response.toLowerCase()).toContain('connection: close');
      expect(result.closedEarly).toBe(true);
      const [socket] = serverSockets;
      expect(socket).toBeDefined();
      expect(socket!.bytesRead).toBeLessThan(BODY_BYTES / 8);
    },
  );
});
