import type { ServerResponse } from 'node:http';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { RequestTimeoutError } from '../../../lib/errors/request-timeout.error.js';
import { within } from '../support/wait.js';
import { connectHttpClient, type HttpTestClient } from './support/connect.js';
import {
  startRawMcpServer,
  startSse,
  type RawMcpServer,
  type RawRpcRequest,
} from './support/raw-mcp-server.js';

const progress = (token: number) =>
  `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1 } })}\n\n`;

/** Misbehaving servers: every problem reaches the caller as a typed error or on errors$, in bounded time. */
describe('McpClient over Streamable HTTP against misbehaving servers', () => {
  let server: RawMcpServer | undefined;
  let peer: HttpTestClient | undefined;

  afterEach(async () => {
    await peer?.close();
    await server?.close();
    peer = undefined;
    server = undefined;
  });

  async function serve(onCall: (request: RawRpcRequest, res: ServerResponse) => void) {
    server = await startRawMcpServer(onCall);
    peer = await connectHttpClient(server.url, { requestTimeoutMs: 5000 });
    return peer;
  }

  /** Calls the scripted tool and settles within 8 s whatever happens. */
  function call(client: HttpTestClient, timeoutMs?: number) {
    return within(
      client.client.callTool('scripted', {}, timeoutMs ? { timeoutMs } : undefined).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      8000,
      'the call to settle',
    );
  }

  it('skips garbage SSE events (reported on errors$) and still delivers the result', async () => {
    const client = await serve((request, res) => {
      startSse(res);
      res.write('data: {this is not json\n\n');
      res.write('data: {"hello":"not JSON-RPC"}\n\n');
      res.write(
        `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { content: [] } })}\n\n`,
      );
      res.end();
    });
    expect(await call(client)).toEqual({ result: { content: [] } });
    expect(client.errors).toHaveLength(2);
    for (const error of client.errors)
      expect(error).toMatchObject({ name: 'TransportError', kind: 'protocol' });
    expect(client.errors.map((e) => (e.cause as { code: number }).code)).toEqual([-32700, -32600]);
  });

  it('fails the call with a protocol error when the JSON reply is not JSON-RPC', async () => {
    const client = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hello":"world"}');
    });
    const { error } = (await call(client)) as { error: TransportError };
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain('not JSON-RPC');
  });

  it('ignores a response with an unknown id: the call times out cleanly, the client goes on', async () => {
    const client = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 'nobody-asked', result: {} }));
    });
    const { error } = (await call(client, 300)) as { error: RequestTimeoutError };
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(client.client.pendingRequests()).toEqual([]);
    await expect(client.client.ping()).resolves.toBeUndefined();
    expect(server!.methods).toContain('notifications/cancelled');
  });

  it('fails the call with closed when the server drops the connection mid-stream', async () => {
    const client = await serve((request, res) => {
      startSse(res);
      res.write(progress(Number(request.id)));
      setImmediate(() => res.socket?.destroy());
    });
    const { error } = (await call(client)) as { error: TransportError };
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe('closed');
  });

  it('fails the call with closed when the server drops the connection mid-body', async () => {
    const client = await serve((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"jsonrpc":"2.0","id":');
      setImmediate(() => res.socket?.destroy());
    });
    const { error } = (await call(client)) as { error: TransportError };
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe('closed');
  });

  it('fails the call with closed when an SSE reply ends without the response and cannot resume', async () => {
    const client = await serve((request, res) => {
      startSse(res);
      res.end(progress(Number(request.id)));
    });
    const { error } = (await call(client)) as { error: TransportError };
    expect(error).toMatchObject({
      kind: 'closed',
      message: expect.stringContaining('cannot be resumed'),
    });
  });

  it('fails the call with the HTTP status and the JSON-RPC message of an error reply', async () => {
    const client = await serve((request, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32603, message: 'database on fire' },
        }),
      );
    });
    const { error } = (await call(client)) as { error: TransportError };
    expect(error).toMatchObject({
      kind: 'http',
      status: 500,
      message: expect.stringContaining('database on fire'),
    });
  });

  it('fails the call with a protocol error when one SSE event is too large', async () => {
    server = await startRawMcpServer((_request, res) => {
      startSse(res);
      res.write(`data: "${'x'.repeat(100_000)}"\n\n`);
    });
    peer = await connectHttpClient(server.url, { http: { maxMessageBytes: 10_000 } });
    const { error } = (await call(peer)) as { error: TransportError };
    expect(error).toMatchObject({ kind: 'protocol' });
  });
});
