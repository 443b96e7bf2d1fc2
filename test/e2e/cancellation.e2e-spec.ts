import {
  CreateMessageRequestSchema,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';

let keys = 0;
const newKey = () => `cancel-${++keys}`;

describe.each(['auto', 'json', 'sse'] as const)('cancellation (responseMode %s)', (mode) => {
  let server: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    server = await startApp({ responseMode: mode });
  });

  afterAll(async () => {
    await server.close();
  });

  afterEach(async () => {
    await peer?.close();
  });

  it('aborting an SDK call fires the server tool’s AbortSignal', async () => {
    peer = await connectClient(server.url);
    const key = newKey();
    const controller = new AbortController();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } }, undefined, {
      signal: controller.signal,
    });
    call.catch(() => undefined); // asserted below
    await server.tools.probe.wait(`started:${key}`);
    expect(server.tools.probe.fired(`aborted:${key}`)).toBe(false);

    controller.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    const reason = await server.tools.probe.wait<Error>(`aborted:${key}`);
    expect(reason).toBeInstanceOf(Error);
    expect(reason.message).toContain('user pressed stop');
  });

  it('a client-side timeout also cancels the server tool', async () => {
    peer = await connectClient(server.url);
    const key = newKey();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } }, undefined, {
      timeout: 300,
    });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.RequestTimeout });
    const reason = await server.tools.probe.wait<Error>(`aborted:${key}`);
    expect(reason.message).toMatch(/timed out/i);
  });

  it('only the cancelled call is affected: the session keeps working', async () => {
    peer = await connectClient(server.url);
    const key = newKey();
    const controller = new AbortController();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } }, undefined, {
      signal: controller.signal,
    });
    call.catch(() => undefined);
    await server.tools.probe.wait(`started:${key}`);
    controller.abort();
    await server.tools.probe.wait(`aborted:${key}`);
    const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'alive' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: alive' }]);
  });

  it('cancelling a tool also cancels the sampling request it is waiting on', async () => {
    let samplingCalls = 0;
    let samplingStarted!: () => void;
    const samplingRequested = new Promise<void>((resolve) => (samplingStarted = resolve));
    let samplingAborted!: (reason: unknown) => void;
    const samplingCancelled = new Promise<unknown>((resolve) => (samplingAborted = resolve));
    peer = await connectClient(server.url, {
      capabilities: { sampling: {} },
      setup: (client) =>
        client.setRequestHandler(CreateMessageRequestSchema, (_request, extra) => {
          // The first request (JSON-RPC id 0) is answered at once: SDK 1.32.2 ignores
          // notifications/cancelled for requestId 0 (falsy check in Protocol._oncancel).
          if (++samplingCalls === 1) {
            return { role: 'assistant', content: { type: 'text', text: 'warm-up' }, model: 'm' };
          }
          samplingStarted();
          return new Promise((_, reject) => {
            extra.signal.addEventListener('abort', () => {
              samplingAborted(extra.signal.reason);
              reject(new Error('aborted'));
            });
          });
        }),
    });
    await peer.standaloneStream;
    const warmUp = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'hi' } });
    expect(warmUp.content).toEqual([{ type: 'text', text: 'model m said: warm-up' }]);

    const controller = new AbortController();
    const call = peer.client.callTool(
      { name: 'ask_model', arguments: { prompt: 'slow' } },
      undefined,
      { signal: controller.signal },
    );
    call.catch(() => undefined);
    await samplingRequested;
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    await expect(samplingCancelled).resolves.toBeDefined();
  });
});
