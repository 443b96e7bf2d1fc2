import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { TransportError } from '../../../../lib/errors/transport.error.js';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';
import { SseClientTransport } from '../../../../lib/transports/sse/sse-client.transport.js';
import { messageEvent, rejection, ScriptedSseServer, sse } from './scripted-sse-server.js';

const ping: JsonRpcMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('SseClientTransport reconnection', () => {
  let server: ScriptedSseServer;
  let transport: SseClientTransport | undefined;

  beforeEach(async () => {
    server = await new ScriptedSseServer().listen();
  });

  afterEach(async () => {
    await transport?.close();
    transport = undefined;
    await server.close();
  });

  const fast = { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 };

  it('carries on when the server re-announces the same endpoint (session kept)', async () => {
    server.onGet(
      (res) => {
        sse('event: endpoint\ndata: /m?s=same\n\n')(res, 0);
        res.end(); // drops right away
      },
      sse(
        'event: endpoint\ndata: /m?s=same\n\n' +
          messageEvent({ jsonrpc: '2.0', method: 'n/again' }),
      ),
    );
    transport = new SseClientTransport(server.sseUrl, { reconnection: fast });
    const again = firstValueFrom(transport.messages$);
    await transport.start();
    await expect(again).resolves.toEqual({ jsonrpc: '2.0', method: 'n/again' });
    await transport.send(ping);
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('reconnects at once on a reconnect event, skipping the first delay (session kept)', async () => {
    server.onGet(
      sse('event: endpoint\ndata: /m?s=same\n\n'),
      sse(
        'event: endpoint\ndata: /m?s=same\n\n' +
          messageEvent({ jsonrpc: '2.0', method: 'n/after' }),
      ),
    );
    // A delay this long would outlast the test: only the skipped delay lets it pass.
    const slow = { initialDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 3 };
    transport = new SseClientTransport(server.sseUrl, { reconnection: slow });
    const after = firstValueFrom(transport.messages$);
    await transport.start();
    server.streams[0]!.write('event: reconnect\ndata: {"reason":"deploying"}\n\n');
    await expect(after).resolves.toEqual({ jsonrpc: '2.0', method: 'n/after' });
    await transport.send(ping);
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it('without reconnection, closes on a reconnect event with an error naming the reason', async () => {
    server.onGet(sse('event: endpoint\ndata: /m\n\nevent: reconnect\ndata: {"reason":"bye"}\n\n'));
    transport = new SseClientTransport(server.sseUrl, { reconnection: false });
    const errors = lastValueFrom(transport.errors$.pipe(toArray()));
    await transport.start();
    expect(await errors).toEqual([
      expect.objectContaining({
        kind: 'closed',
        message: 'The SSE stream was closed: The server asked to reconnect (bye)',
      }),
    ]);
  });

  it('closes (errors$ then complete) when the server starts a new session', async () => {
    server.onGet((res) => {
      sse('event: endpoint\ndata: /m?s=one\n\n')(res, 0);
      res.end();
    }, sse('event: endpoint\ndata: /m?s=two\n\n'));
    transport = new SseClientTransport(server.sseUrl, { reconnection: fast });
    const errors = lastValueFrom(transport.errors$.pipe(toArray()));
    const completed = lastValueFrom(transport.messages$.pipe(toArray()));
    await transport.start();
    expect(await errors).toEqual([
      expect.objectContaining({ kind: 'closed', message: expect.stringMatching(/new session/) }),
    ]);
    await expect(completed).resolves.toEqual([]);
    expect(transport.endpointUrl?.pathname).toBe('/m');
    expect(await rejection(transport.send(ping))).toMatchObject({ kind: 'closed' });
  });

  it('gives up after maxAttempts failed reconnections', async () => {
    server.onGet(
      (res) => {
        sse('event: endpoint\ndata: /m\n\n')(res, 0);
        res.end();
      },
      (res) => {
        res.writeHead(503);
        res.end();
      },
    );
    transport = new SseClientTransport(server.sseUrl, { reconnection: fast });
    const errors = lastValueFrom(transport.errors$.pipe(toArray()));
    await transport.start();
    const [error] = await errors;
    expect(error).toMatchObject({
      kind: 'closed',
      message: expect.stringMatching(/3 reconnection/),
    });
    expect((error as TransportError).cause).toMatchObject({ kind: 'http', status: 503 });
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(4);
  });

  it('closes at once when reconnection is disabled', async () => {
    server.onGet((res) => {
      sse('event: endpoint\ndata: /m\n\n')(res, 0);
      res.end();
    });
    transport = new SseClientTransport(server.sseUrl, { reconnection: false });
    const errors = lastValueFrom(transport.errors$.pipe(toArray()));
    await transport.start();
    expect(await errors).toEqual([expect.objectContaining({ kind: 'closed' })]);
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it('send() waits for a reconnection in progress and then POSTs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.onGet(
      (res) => {
        sse('event: endpoint\ndata: /m?s=k\n\n')(res, 0);
        res.end();
      },
      (res) => {
        sse()(res, 1);
        void held.then(() => res.write('event: endpoint\ndata: /m?s=k\n\n'));
      },
    );
    transport = new SseClientTransport(server.sseUrl, { reconnection: fast });
    await transport.start();
    await new Promise<void>((resolve) => {
      const wait = () => (server.streams.length > 1 ? resolve() : setImmediate(wait));
      wait();
    });
    const sending = transport.send(ping);
    expect(server.posts()).toHaveLength(0);
    release();
    await sending;
    expect(server.posts()).toEqual([expect.objectContaining({ url: '/m?s=k' })]);
  });
});
