/**
 * The ceiling of Node here: JSON-RPC by hand on `http.createServer`, no framework. Reads the
 * body, parses it and answers with the bare route's logic (`bench/bare-rpc.ts`: the same zod
 * validation of `tools/call echo`, the same handshake trips).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerBareRpc } from './bare-rpc.js';

/** A started server and the URL autocannon loads. */
export interface StartedServer {
  url: string;
  close(): Promise<void>;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (body === '') {
    res.writeHead(status, { 'content-length': '0' }).end();
    return;
  }
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'POST') {
    reply(res, 405, { error: 'POST only' });
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      reply(res, 200, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      });
      return;
    }
    const answer = answerBareRpc(body);
    reply(res, answer.status, answer.body);
  });
}

/** Starts the raw `node:http` JSON-RPC echo on an ephemeral port of 127.0.0.1. */
export async function startRawNodeEcho(): Promise<StartedServer> {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rpc`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
