import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import { TEST_TOOL_COUNT } from './support/test-tools.js';

type Mode = 'auto' | 'json' | 'sse';

/** Content type the server must use to answer a plain request (no streaming) in each mode. */
const REPLY_TYPE: Record<Mode, string> = {
  auto: 'application/json',
  json: 'application/json',
  sse: 'text/event-stream',
};

describe.each<Mode>(['auto', 'json', 'sse'])('handshake and tools (responseMode %s)', (mode) => {
  let server: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    server = await startApp({ responseMode: mode });
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    peer = await connectClient(server.url);
  });

  afterEach(async () => {
    await peer?.close();
  });

  function replyTypesOf(rpcMethod: string): (string | null)[] {
    return peer.wire
      .filter((w) => w.method === 'POST' && w.rpcMethod === rpcMethod)
      .map((w) => w.contentType?.split(';')[0] ?? null);
  }

  it('completes the handshake: version, server info, capabilities, session id', () => {
    const { client, transport } = peer;
    expect(client.getServerVersion()).toEqual({ name: 'e2e-server', version: '1.0.0' });
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(transport.sessionId).toMatch(/^[\x21-\x7e]+$/);
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      prompts: {},
      resources: { subscribe: true },
      logging: {},
      completions: {},
    });
    expect(replyTypesOf('initialize')).toEqual([REPLY_TYPE[mode]]);
    const initialized = peer.wire.find((w) => w.rpcMethod === 'notifications/initialized');
    expect(initialized?.status).toBe(202);
  });

  it('lists every tool with its schemas and annotations', async () => {
    const { tools } = await peer.client.listTools();
    expect(tools).toHaveLength(TEST_TOOL_COUNT);
    const echo = tools.find((t) => t.name === 'echo');
    expect(echo).toMatchObject({
      description: 'Echoes the given text',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      annotations: { readOnlyHint: true },
    });
    const add = tools.find((t) => t.name === 'add');
    expect(add?.outputSchema).toMatchObject({
      type: 'object',
      properties: { sum: { type: 'number' } },
      required: ['sum'],
    });
    expect(replyTypesOf('tools/list')).toEqual([REPLY_TYPE[mode]]);
  });

  it('calls a tool and returns its text content', async () => {
    const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'echo: hi' }] });
    expect(replyTypesOf('tools/call')).toEqual([REPLY_TYPE[mode]]);
  });

  it('returns structured content conforming to the outputSchema, with its JSON as text', async () => {
    await peer.client.listTools(); // lets the SDK client validate structured output
    const result = await peer.client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ sum: 42 });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ sum: 42 }) }]);
  });

  it('reports output that violates the outputSchema as a tool error', async () => {
    const result = await peer.client.callTool({ name: 'broken_output', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.stringify(result.content)).toContain('sum');
  });

  it('answers invalid arguments with an isError result naming each failing path', async () => {
    const result = await peer.client.callTool({
      name: 'place_order',
      arguments: { item: 7, quantity: 0, shipping: { express: 'yes' } },
    });
    expect(result.isError).toBe(true);
    const [block] = result.content as Array<{ type: string; text: string }>;
    expect(block.type).toBe('text');
    expect(block.text).toContain('place_order');
    expect(block.text).toMatch(/\bitem\b/);
    expect(block.text).toMatch(/\bquantity\b/);
    expect(block.text).toContain('shipping.express');
  });

  it('answers invalid arguments (missing required) as a tool error, not a protocol error', async () => {
    const result = await peer.client.callTool({ name: 'echo', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('text');
  });

  it('answers an unknown tool with JSON-RPC error -32602', async () => {
    const call = peer.client.callTool({ name: 'no_such_tool', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: -32602 });
    await expect(call).rejects.toThrow(/no_such_tool/);
  });

  it('keeps serving the session after errors (ping, then a call)', async () => {
    await expect(peer.client.callTool({ name: 'no_such_tool' })).rejects.toThrow();
    await expect(peer.client.ping()).resolves.toEqual({});
    const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'again' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: again' }]);
  });
});
