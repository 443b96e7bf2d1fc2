import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { McpModule, Tool } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import type { Platform } from '../nest/support/platforms.js';
import { modernRequest } from '../support/modern-call.js';
import {
  initializeRawSession,
  parseSse,
  postJson,
  rawId,
  rpcMessages,
  type RawResponse,
} from '../support/raw-http.js';

@Injectable()
class SlowTools {
  @Tool({ description: 'Silent for a while, then answers' })
  async slow() {
    await delay(900);
    return 'done';
  }

  @Tool({ description: 'Answers at once' })
  quick() {
    return 'quick';
  }
}

const JSON_ONLY = { accept: 'application/json' };

/** The SSE comments (`: ...` lines) of a raw response body. */
const comments = (response: RawResponse) =>
  response.text.split(/\r?\n/).filter((line) => line.startsWith(':'));

/**
 * Issue 24 item 7: a call that outlives `keepAliveMs` switches to SSE with keep-alive comments
 * when the client accepts SSE, in both eras, so a balancer's idle timeout does not cut it; a
 * JSON-only client gets its JSON reply at the end; a quick call stays plain JSON.
 */
describe.each<Platform>(['express', 'fastify'])('keep-alive on long calls (%s)', (platform) => {
  let booted: BootedApp;

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'slow', version: '1', keepAliveMs: 200 })],
      providers: [SlowTools],
    });
  });
  afterAll(() => booted.close());

  const modern = (name: string, headers: Record<string, string> = {}) => {
    const request = modernRequest('tools/call', { name, arguments: {} }, { tasks: false });
    return postJson(booted.url(), request.body, { ...request.headers, ...headers });
  };

  function expectStreamedResult(response: RawResponse): void {
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(comments(response).length).toBeGreaterThan(0);
    const messages = parseSse(response.text)
      .filter((e) => e.data !== '') // the 2025 stream's priming event carries no data
      .map((e) => JSON.parse(e.data) as object);
    expect(messages.at(-1)).toMatchObject({ result: { content: [{ text: 'done' }] } });
  }

  it('2026-07-28: a long call that accepts SSE becomes a stream with keep-alive comments', async () => {
    expectStreamedResult(await modern('slow'));
  });

  it('2026-07-28: a JSON-only client gets its JSON reply at the end; a quick call stays JSON', async () => {
    const jsonOnly = await modern('slow', JSON_ONLY);
    expect(jsonOnly.headers['content-type']).toMatch(/^application\/json/);
    expect(rpcMessages(jsonOnly)[0]).toMatchObject({ result: { content: [{ text: 'done' }] } });
    const quick = await modern('quick');
    expect(quick.headers['content-type']).toMatch(/^application\/json/);
  });

  it('2025-11-25: a long call answered with JSON switches to SSE; JSON-only keeps JSON', async () => {
    const session = await initializeRawSession(booted.url());
    const call = (name: string, headers: Record<string, string> = {}) =>
      postJson(
        booted.url(),
        { jsonrpc: '2.0', id: rawId(), method: 'tools/call', params: { name, arguments: {} } },
        { ...session.headers, ...headers },
      );
    expectStreamedResult(await call('slow'));
    const jsonOnly = await call('slow', JSON_ONLY);
    expect(jsonOnly.headers['content-type']).toMatch(/^application\/json/);
    expect(rpcMessages(jsonOnly)[0]).toMatchObject({ result: { content: [{ text: 'done' }] } });
    expect((await call('quick')).headers['content-type']).toMatch(/^application\/json/);
  });
});
