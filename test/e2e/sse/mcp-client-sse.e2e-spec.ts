import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, lastValueFrom, take, toArray } from 'rxjs';
import { TransportError } from '../../../lib/errors/transport.error.js';
import type { McpLogMessage } from '../../../lib/client/mcp-client-events.interface.js';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type { McpClientOptions } from '../../../lib/client/mcp-client-options.interface.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import type { McpContext } from '../../../lib/index.js';
import { EMITTED_LOG_LEVELS, TEST_TOOL_COUNT } from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';
import { startSseApp, type SseTestApp } from './support/sse-app.js';

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('McpClient + SseClientTransport against our HTTP+SSE server', () => {
  let app: SseTestApp;
  const clients: McpClient[] = [];

  const connect = async (
    options: Omit<McpClientOptions, 'transport'> = {},
    transport = new SseClientTransport(app.sseUrl),
  ) => {
    const client = new McpClient({ transport, ...options });
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    app = await startSseApp();
    app.server.registerTool(
      { name: 'auth_header', description: 'Echoes the Authorization header of the POST' },
      (_args: unknown, ctx: McpContext) => String(ctx.transport.headers?.authorization),
    );
  });

  afterAll(async () => {
    await app.close();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await waitFor(() => app.sse.sessionCount === 0, { description: 'SSE sessions to end' });
  });

  it('connects, negotiates and calls tools', async () => {
    const client = await connect();
    expect(client.currentState).toBe('ready');
    expect(client.serverInfo).toMatchObject({ name: 'e2e-sse-server' });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(await client.listAllTools()).toHaveLength(TEST_TOOL_COUNT + 1);
    const result = await client.callTool('echo', { text: 'ours' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: ours' }]);
  });

  it('sends the custom headers with every POST', async () => {
    const transport = new SseClientTransport(app.sseUrl, {
      headers: () => ({ authorization: 'Bearer sse-token' }),
    });
    const client = await connect({}, transport);
    const result = await client.callTool('auth_header');
    expect(result.content).toEqual([{ type: 'text', text: 'Bearer sse-token' }]);
  });

  it('delivers every progress update and log message, in order', async () => {
    const client = await connect();
    await client.setLogLevel('debug');
    const logs = lastValueFrom(client.logs$.pipe(take(EMITTED_LOG_LEVELS.length), toArray()));
    const progress: number[] = [];
    const result = await client.callTool(
      'progress_logs',
      { steps: 3 },
      {
        onProgress: (p) => progress.push(p.progress),
      },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'did 3 steps' }]);
    expect(progress).toEqual([1, 2, 3]);
    const received: McpLogMessage[] = await within(logs, 5000, 'the logs');
    expect(received.map((l) => l.level)).toEqual(EMITTED_LOG_LEVELS);
  });

  it('answers sampling and elicitation requests from tools', async () => {
    const client = await connect({
      sampling: () => ({
        role: 'assistant',
        content: { type: 'text', text: 'yes' },
        model: 'ours',
      }),
      elicitation: () => ({ action: 'accept', content: { name: 'Grace', age: 85 } }),
    });
    const sampled = await client.callTool('ask_model', { prompt: 'well?' });
    expect(sampled.content).toEqual([{ type: 'text', text: 'model ours said: yes' }]);
    const elicited = await client.callTool('ask_user', { question: 'name?' });
    expect(elicited.content).toEqual([{ type: 'text', text: 'user is Grace, 85' }]);
  });

  it('reads resources, gets prompts and receives subscription updates', async () => {
    const client = await connect();
    const readme = await client.readResource('test://static/readme');
    expect(readme.contents).toEqual([
      { uri: 'test://static/readme', mimeType: 'text/plain', text: 'the readme' },
    ]);
    const prompt = await client.getPrompt('summarise', { topic: 'rxjs' });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Summarise rxjs.' } },
    ]);
    const updated = firstValueFrom(client.resourceUpdated$('test://static/changelog'));
    await client.subscribeResource('test://static/changelog');
    await client.callTool('touch_resource', { uri: 'test://static/changelog' });
    await expect(within(updated, 5000, 'the update')).resolves.toBe('test://static/changelog');
  });

  it('cancels a call: the server tool’s signal fires', async () => {
    const client = await connect();
    const controller = new AbortController();
    const call = client.callTool(
      'wait_for_cancel',
      { key: 'ours-cancel' },
      {
        signal: controller.signal,
      },
    );
    call.catch(() => undefined);
    await app.tools.probe.wait('started:ours-cancel');
    controller.abort('enough');
    await expect(call).rejects.toThrow(/cancelled/);
    const reason = await within(app.tools.probe.wait<Error>('aborted:ours-cancel'), 5000, 'abort');
    expect(reason.message).toContain('enough');
  });

  it('closing the client ends the server session', async () => {
    const client = await connect();
    expect(app.sse.sessionCount).toBe(1);
    await client.close();
    await waitFor(() => app.server.sessionCount === 0, { description: 'the session to end' });
    expect(app.sse.sessionCount).toBe(0);
  });

  it('closes with a clear error when the server drops the stream and starts a new session', async () => {
    const transport = new SseClientTransport(app.sseUrl, {
      reconnection: { initialDelayMs: 10, maxDelayMs: 50 },
    });
    const errors: Error[] = [];
    transport.errors$.subscribe((e) => errors.push(e));
    const client = await connect({}, transport);
    const call = client.callTool('wait_for_cancel', { key: 'dropped' });
    call.catch(() => undefined);
    await app.tools.probe.wait('started:dropped');
    const firstEndpoint = transport.endpointUrl?.href;
    app.sse.close(); // ends every SSE session; the app keeps running
    await expect(call).rejects.toThrow();
    await waitFor(() => client.currentState === 'closed', { description: 'the client to close' });
    expect(errors).toEqual([
      expect.objectContaining({ kind: 'closed', message: expect.stringMatching(/new session/) }),
    ]);
    expect(transport.endpointUrl?.href).toBe(firstEndpoint);
    // The transport closed the stream of the new session too: nothing leaks on the server.
    await waitFor(() => app.sse.sessionCount === 0, { description: 'the new session to end' });
  });

  it('start() rejects with TransportError refused when nothing listens', async () => {
    const transport = new SseClientTransport(`http://127.0.0.1:${await closedPort()}/sse`);
    const error = await transport.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'refused' });
    await transport.close();
  });

  it('a non-2xx POST rejects send() with TransportError http + status', async () => {
    const transport = new SseClientTransport(app.sseUrl);
    await transport.start();
    // Not JSON-RPC: the server refuses the POST itself (400), before the engine.
    const error = await transport.send({ jsonrpc: '2.0', id: 1, method: 42 } as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'TransportError', kind: 'http', status: 400 });
    await transport.close();
  });
});
