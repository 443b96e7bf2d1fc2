import { lastValueFrom, take, toArray } from 'rxjs';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';
import { SseClientTransport } from '../../../../lib/transports/sse/sse-client.transport.js';
import { messageEvent, rejection, ScriptedSseServer, sse } from './scripted-sse-server.js';

const ping: JsonRpcMessage = { jsonrpc: '2.0', id: 1, method: 'ping' };

describe('SseClientTransport', () => {
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

  describe('endpoint', () => {
    it('resolves a relative endpoint against the SSE URL and POSTs JSON there', async () => {
      server.onGet(sse('event: endpoint\ndata: /messages?sessionId=abc\n\n'));
      transport = new SseClientTransport(server.sseUrl);
      await transport.start();
      expect(transport.endpointUrl?.href).toBe(`${server.origin}/messages?sessionId=abc`);
      await transport.send(ping);
      const [post] = server.posts();
      expect(post.url).toBe('/messages?sessionId=abc');
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.message).toEqual(ping);
    });

    it('accepts an absolute endpoint on the same origin, and a path relative to the SSE URL', async () => {
      server.onGet((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`event: endpoint\ndata: ${server.origin}/abs?s=1\n\n`);
      });
      transport = new SseClientTransport(server.sseUrl);
      await transport.start();
      expect(transport.endpointUrl?.href).toBe(`${server.origin}/abs?s=1`);

      const relative = new SseClientTransport(new URL('/deep/sse', server.origin));
      server.onGet(sse('event: endpoint\ndata: messages?s=2\n\n'));
      await relative.start();
      expect(relative.endpointUrl?.href).toBe(`${server.origin}/deep/messages?s=2`);
      await relative.close();
    });

    it('refuses an endpoint on another origin', async () => {
      server.onGet(sse('event: endpoint\ndata: http://evil.example/messages\n\n'));
      transport = new SseClientTransport(server.sseUrl);
      const error = await rejection(transport.start());
      expect(error.kind).toBe('protocol');
      expect(error.message).toMatch(/another origin/);
    });

    it('fails when the stream ends before the endpoint, or none arrives in time', async () => {
      server.onGet((res) => {
        sse(': hello\n\n')(res, 0);
        res.end();
      });
      transport = new SseClientTransport(server.sseUrl);
      expect(await rejection(transport.start())).toMatchObject({ kind: 'protocol' });

      server.onGet(sse(': waiting\n\n'));
      const slow = new SseClientTransport(server.sseUrl, { endpointTimeoutMs: 50 });
      const error = await rejection(slow.start());
      expect(error.message).toMatch(/No endpoint event within 50 ms/);
      await slow.close();
    });
  });

  describe('connection failures', () => {
    it('start() rejects with refused when nothing listens', async () => {
      await server.close();
      transport = new SseClientTransport(server.sseUrl);
      expect(await rejection(transport.start())).toMatchObject({ kind: 'refused' });
      server = await new ScriptedSseServer().listen(); // for afterEach
    });

    it('start() rejects with http + status for a non-2xx GET, with the body in the message', async () => {
      server.onGet((res) => {
        res.writeHead(401, { 'content-type': 'text/plain' });
        res.end('no token');
      });
      transport = new SseClientTransport(server.sseUrl);
      const error = await rejection(transport.start());
      expect(error).toMatchObject({ kind: 'http', status: 401 });
      expect(error.message).toContain('no token');
    });

    it('start() rejects with protocol when the answer is not an event stream', async () => {
      server.onGet((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
      transport = new SseClientTransport(server.sseUrl);
      expect(await rejection(transport.start())).toMatchObject({ kind: 'protocol' });
    });

    it('start() gives up after endpointTimeoutMs when the GET is never answered', async () => {
      server.onGet(() => undefined); // headers never sent
      transport = new SseClientTransport(server.sseUrl, { endpointTimeoutMs: 50 });
      const error = await rejection(transport.start());
      expect(error).toMatchObject({ kind: 'protocol', message: 'No endpoint event within 50 ms' });
    });

    it('a non-2xx POST rejects send() with http + status', async () => {
      server.onGet(sse('event: endpoint\ndata: /messages?sessionId=x\n\n'));
      transport = new SseClientTransport(server.sseUrl);
      await transport.start();
      server.postStatus = 404;
      server.postBody = 'Session not found';
      const error = await rejection(transport.send(ping));
      expect(error).toMatchObject({ kind: 'http', status: 404 });
      expect(error.message).toContain('Session not found');
    });

    it('send() before start() or after close() rejects with closed', async () => {
      transport = new SseClientTransport(server.sseUrl);
      expect(await rejection(transport.send(ping))).toMatchObject({ kind: 'closed' });
      await transport.close();
      expect(await rejection(transport.send(ping))).toMatchObject({ kind: 'closed' });
      expect(await rejection(transport.start())).toMatchObject({ kind: 'closed' });
    });

    it('close() during start() rejects it with closed', async () => {
      server.onGet(sse(': no endpoint yet\n\n'));
      transport = new SseClientTransport(server.sseUrl);
      const starting = transport.start();
      await new Promise<void>((resolve) => {
        const wait = () => (server.streams.length > 0 ? resolve() : setImmediate(wait));
        wait();
      });
      await transport.close();
      expect(await rejection(starting)).toMatchObject({ kind: 'closed' });
    });

    it('rejects a non-HTTP URL at construction', () => {
      expect(() => new SseClientTransport('ws://127.0.0.1/sse')).toThrow(TypeError);
    });
  });

  describe('events', () => {
    it('delivers message events (and untyped ones), ignores unknown types, reports garbage', async () => {
      const result = { jsonrpc: '2.0', id: 1, result: {} };
      server.onGet(
        sse(
          'event: endpoint\ndata: /m\n\n' +
            'event: ping\ndata: {}\n\n' +
            messageEvent(result) +
            'event: message\ndata: not json\n\n' +
            'event: message\ndata: {"jsonrpc":"1.0"}\n\n' +
            `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x' })}\n\n`,
        ),
      );
      transport = new SseClientTransport(server.sseUrl);
      const messages = lastValueFrom(transport.messages$.pipe(take(2), toArray()));
      const errors = lastValueFrom(transport.errors$.pipe(take(2), toArray()));
      await transport.start();
      expect(await messages).toEqual([result, { jsonrpc: '2.0', method: 'notifications/x' }]);
      const [garbage, invalid] = await errors;
      expect(garbage).toMatchObject({
        kind: 'protocol',
        message: expect.stringMatching(/Parse error/),
      });
      expect(invalid).toMatchObject({
        kind: 'protocol',
        message: expect.stringMatching(/JSON-RPC/),
      });
    });

    it('closes with a protocol error when an event exceeds maxMessageBytes', async () => {
      server.onGet(sse('event: endpoint\ndata: /m\n\n'));
      transport = new SseClientTransport(server.sseUrl, { maxMessageBytes: 1024 });
      const errors = lastValueFrom(transport.errors$.pipe(toArray()));
      await transport.start();
      // An event still incomplete after 4096 characters: the parser must not buffer it whole.
      server.streams[0].write(`event: message\ndata: ${'x'.repeat(4096)}`);
      expect(await errors).toEqual([expect.objectContaining({ kind: 'protocol' })]);
      expect(await rejection(transport.send(ping))).toMatchObject({ kind: 'closed' });
    });
  });

  describe('headers', () => {
    it('sends custom headers (function form) on the GET and POSTs, plus MCP-Protocol-Version', async () => {
      server.onGet(sse('event: endpoint\ndata: /m\n\n'));
      let calls = 0;
      transport = new SseClientTransport(server.sseUrl, {
        headers: async () => ({ Authorization: `Bearer t${++calls}` }),
      });
      await transport.start();
      transport.setProtocolVersion('2024-11-05');
      await transport.send(ping);
      const [get, post] = server.requests;
      expect(get.headers.authorization).toBe('Bearer t1');
      expect(get.headers.accept).toBe('text/event-stream');
      expect(post.headers.authorization).toBe('Bearer t2');
      expect(post.headers['mcp-protocol-version']).toBe('2024-11-05');
    });
  });
});
