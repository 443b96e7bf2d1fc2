import { Subject, firstValueFrom, toArray } from 'rxjs';
import { type ClientTransport } from '../../../../../lib/client/client-transport.interface.js';
import { TransportError } from '../../../../../lib/errors/transport.error.js';
import type { JsonRpcMessage } from '../../../../../lib/protocol/json-rpc.js';
import {
  createStreamableHttpTransportWithFallback,
  FallbackClientTransport,
  isLegacyServerRefusal,
} from '../../../../../lib/transports/http/client/legacy-fallback.transport.js';
import { StreamableHttpClientTransport } from '../../../../../lib/transports/http/client/streamable-http-client.transport.js';
import { startScriptedServer } from './scripted-server.js';

/** A transport whose `send` is scripted; it answers requests with `reply` when it accepts them. */
class StubTransport implements ClientTransport {
  readonly messages = new Subject<JsonRpcMessage>();
  readonly errors = new Subject<Error>();
  readonly messages$ = this.messages.asObservable();
  readonly errors$ = this.errors.asObservable();
  readonly sent: JsonRpcMessage[] = [];
  readonly calls: string[] = [];

  constructor(private readonly refuseWith?: Error) {}

  async start() {
    this.calls.push('start');
  }
  async send(message: JsonRpcMessage) {
    if (this.refuseWith) throw this.refuseWith;
    this.sent.push(message);
    if ('id' in message && 'method' in message) {
      this.messages.next({ jsonrpc: '2.0', id: message.id, result: { from: this.name } });
    }
  }
  async close() {
    this.calls.push('close');
    this.messages.complete();
    this.errors.complete();
  }
  setProtocolVersion(version: string) {
    this.calls.push(`version ${version}`);
  }
  resetSession() {
    this.calls.push('reset');
  }
  name = 'stub';
}

const initialize: JsonRpcMessage = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };

describe('FallbackClientTransport', () => {
  it('switches for good when initialize gets 400, 404 or 405, and re-sends it', async () => {
    for (const status of [400, 404, 405]) {
      const primary = new StubTransport(new TransportError('legacy', 'http', status));
      const legacy = Object.assign(new StubTransport(), { name: 'legacy' });
      const transport = new FallbackClientTransport(primary, () => legacy);
      const received = firstValueFrom(transport.messages$);
      await transport.start();
      await transport.send(initialize);
      expect(await received).toEqual({ jsonrpc: '2.0', id: 0, result: { from: 'legacy' } });
      expect(transport.isFallback).toBe(true);
      expect(transport.active).toBe(legacy);
      expect(primary.calls).toEqual(['start', 'close']);
      expect(legacy.calls).toEqual(['start']);
      expect(legacy.sent).toEqual([initialize]);
      transport.setProtocolVersion('2024-11-05');
      transport.resetSession();
      expect(legacy.calls).toEqual(['start', 'version 2024-11-05', 'reset']);
    }
  });

  it('keeps the primary when initialize succeeds, and never probes again', async () => {
    const primary = new StubTransport();
    const create = import.meta.jest.fn(() => new StubTransport());
    const transport = new FallbackClientTransport(primary, create);
    await transport.send(initialize);
    await transport.send({ ...initialize, id: 1 } as JsonRpcMessage);
    expect(create).not.toHaveBeenCalled();
    expect(transport.isFallback).toBe(false);
    expect(primary.sent).toHaveLength(2);
  });

  it('rethrows other failures without switching', async () => {
    const refused = new TransportError('refused', 'refused');
    const transport = new FallbackClientTransport(
      new StubTransport(refused),
      () => new StubTransport(),
    );
    await expect(transport.send(initialize)).rejects.toBe(refused);
    expect(transport.isFallback).toBe(false);
    const unauthorized = new TransportError('401', 'http', 401);
    const other = new FallbackClientTransport(
      new StubTransport(unauthorized),
      () => new StubTransport(),
    );
    await expect(other.send(initialize)).rejects.toBe(unauthorized);
  });

  it('does not complete when the discarded primary closes; completes on close()', async () => {
    const primary = new StubTransport(new TransportError('legacy', 'http', 404));
    const legacy = new StubTransport();
    const transport = new FallbackClientTransport(primary, () => legacy);
    const all = firstValueFrom(transport.messages$.pipe(toArray()));
    await transport.send(initialize);
    legacy.messages.next({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    await transport.close();
    expect(await all).toHaveLength(2);
    expect(legacy.calls).toContain('close');
  });

  it('isLegacyServerRefusal matches only HTTP 400/404/405', () => {
    expect(isLegacyServerRefusal(new TransportError('x', 'http', 405))).toBe(true);
    expect(isLegacyServerRefusal(new TransportError('x', 'http', 500))).toBe(false);
    expect(isLegacyServerRefusal(new TransportError('x', 'closed'))).toBe(false);
    expect(isLegacyServerRefusal(new Error('x'))).toBe(false);
  });
});

describe('createStreamableHttpTransportWithFallback', () => {
  it('POSTs initialize first, then builds the legacy transport on the same URL', async () => {
    const server = await startScriptedServer((_request, res) => void res.writeHead(405).end());
    const urls: URL[] = [];
    const legacy = new StubTransport();
    const transport = createStreamableHttpTransportWithFallback(server.url, {
      legacyTransport: (url) => {
        urls.push(url);
        return legacy;
      },
    });
    try {
      expect(transport.active).toBeInstanceOf(StreamableHttpClientTransport);
      await transport.send(initialize);
      expect(server.requests.map((r) => r.method)).toEqual(['POST']);
      expect(urls.map(String)).toEqual([server.url.href]);
      expect(legacy.sent).toEqual([initialize]);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  it('uses legacyUrl when given', async () => {
    const server = await startScriptedServer((_request, res) => void res.writeHead(404).end());
    const urls: URL[] = [];
    const transport = createStreamableHttpTransportWithFallback(server.url, {
      legacyUrl: new URL('/sse', server.url),
      legacyTransport: (url) => {
        urls.push(url);
        return new StubTransport();
      },
    });
    try {
      await transport.send(initialize);
      expect(urls.map((u) => u.pathname)).toEqual(['/sse']);
    } finally {
      await transport.close();
      await server.close();
    }
  });
});
