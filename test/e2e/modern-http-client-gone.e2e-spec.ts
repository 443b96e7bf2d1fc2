import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpContext, McpModule, Tool } from '../../lib/index.js';
import { jsonBody, postJson, rawRequest } from './support/raw-http.js';

const MODERN = '2026-07-28';

/** A promise with its resolve, for what a tool reports back to the test. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** What each tool saw of its signal, by the test's tag. */
@Injectable()
class WatchTools {
  started = new Map<string, ReturnType<typeof deferred<void>>>();
  seen = new Map<string, ReturnType<typeof deferred<boolean>>>();

  expect(tag: string): void {
    this.started.set(tag, deferred<void>());
    this.seen.set(tag, deferred<boolean>());
  }

  /** Reads its signal first, then waits for it to abort (or its client's socket to close). */
  @Tool({ description: 'Reads its signal at once', inputSchema: { tag: z.string() } })
  async early_reader({ tag }: { tag: string }, ctx: McpContext) {
    const signal = ctx.signal;
    this.started.get(tag)?.resolve();
    if (!signal.aborted) await once(signal, 'abort');
    this.seen.get(tag)?.resolve(signal.aborted);
    return 'done';
  }

  /** Reads its signal only after its client's connection closed. */
  @Tool({ description: 'Reads its signal once its client went', inputSchema: { tag: z.string() } })
  async late_reader({ tag }: { tag: string }, ctx: McpContext) {
    const socket = (ctx.transport.raw as IncomingMessage).socket;
    this.started.get(tag)?.resolve();
    if (!socket.destroyed) await once(socket, 'close');
    this.seen.get(tag)?.resolve(ctx.signal.aborted);
    return 'done';
  }

  /** Answers at once; its signal, read after the answer went out, is not aborted. */
  @Tool({ description: 'Answers at once', inputSchema: { tag: z.string() } })
  quick({ tag }: { tag: string }, ctx: McpContext) {
    const response = ctx.transport.response as ServerResponse;
    response.once('close', () => this.seen.get(tag)?.resolve(ctx.signal.aborted));
    return 'quick';
  }
}

/**
 * A stateless 2026-07-28 call's handler learns that its client went away: its signal aborts
 * whether it read the signal before the connection closed or only after (the transport watches
 * the response only once someone reads the signal, so the second case is the one that needs the
 * response's state checked), and a call answered before anyone read its signal is not aborted.
 */
describe('2026-07-28 stateless call: the client going away aborts the handler', () => {
  let app: INestApplication;
  let url: URL;
  let tools: WatchTools;
  let nextId = 1;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'client-gone-e2e', version: '1.0.0' })],
      providers: [WatchTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL('/mcp', `http://127.0.0.1:${port}`);
    tools = app.get(WatchTools);
  });

  afterAll(async () => {
    (app.getHttpServer() as Server).closeIdleConnections();
    await app.close();
  });

  function call(name: string, tag: string) {
    const message = {
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: {
        name,
        arguments: { tag },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '0.0.1' },
        },
      },
    };
    return {
      message,
      headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name },
    };
  }

  async function callAndLeave(name: string, tag: string): Promise<boolean> {
    tools.expect(tag);
    const { message, headers } = call(name, tag);
    const pending = rawRequest(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(message),
    });
    pending.catch(() => undefined); // destroyed below
    await tools.started.get(tag)!.promise;
    pending.abort();
    return tools.seen.get(tag)!.promise;
  }

  it('aborts a handler that read its signal before the client left', async () => {
    await expect(callAndLeave('early_reader', 'early')).resolves.toBe(true);
  });

  it('aborts a handler that reads its signal only after the client left', async () => {
    await expect(callAndLeave('late_reader', 'late')).resolves.toBe(true);
  });

  it('does not abort a call that was answered', async () => {
    tools.expect('quick');
    const { message, headers } = call('quick', 'quick');
    const response = await postJson(url, message, headers);
    expect(response.status).toBe(200);
    expect(jsonBody<{ result: { content: unknown } }>(response).result.content).toEqual([
      { type: 'text', text: 'quick' },
    ]);
    await expect(tools.seen.get('quick')!.promise).resolves.toBe(false);
  });
});
