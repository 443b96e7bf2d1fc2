import { APP_FILTER } from '@nestjs/core';
import { McpModule } from '../../../lib/index.js';
import { connectSdk, firstText, rpcError, type SdkPeer } from './support/clients.js';
import { ConflictFilter, ThrowingTools } from './support/filtered.tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

describe('exceptions and exception filters', () => {
  let booted: BootedApp;
  let peer: SdkPeer;

  beforeAll(async () => {
    booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'throwing', version: '1.0.0' })],
      providers: [ThrowingTools, { provide: APP_FILTER, useClass: ConflictFilter }],
    });
    peer = await connectSdk(booted.url());
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  const call = (name: string, args: Record<string, unknown> = {}) =>
    peer.client.callTool({ name, arguments: args });

  const prompt = (kind: string) => peer.client.getPrompt({ name: 'failing', arguments: { kind } });

  it('turns an HttpException thrown by a tool into a tool error with its message', async () => {
    const result = await call('weather', { city: 'Atlantis' });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'No weather for Atlantis' }],
      isError: true,
    });
  });

  it('keeps an McpError thrown by a tool a JSON-RPC error', async () => {
    const error = await rpcError(call('strict'));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/strict refuses everything/);
  });

  it('maps HttpExceptions from prompts by status', async () => {
    expect(await rpcError(prompt('bad-request'))).toMatchObject({ code: -32602 });
    expect((await rpcError(prompt('bad-request'))).message).toMatch(/the topic is unclear/);
    expect(await rpcError(prompt('forbidden'))).toMatchObject({ code: -32600 });
  });

  it('maps a ZodError thrown by a handler to -32602 naming the path', async () => {
    const error = await rpcError(prompt('zod'));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/topic: /);
  });

  it('answers 5xx exceptions and unknown errors with -32603, leaking nothing', async () => {
    for (const kind of ['server', 'anything-else']) {
      const error = await rpcError(prompt(kind));
      expect(error.code).toBe(-32603);
      expect(error.message).not.toMatch(/hunter2|postgres/);
    }
    const resource = await rpcError(peer.client.readResource({ uri: 'shop://broken' }));
    expect(resource.code).toBe(-32603);
    expect(resource.message).not.toMatch(/disk on fire/);
  });

  it('lets a method filter turn an error into a tool result', async () => {
    const result = await call('expensive');
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Quota exceeded: try again tomorrow' }],
      isError: true,
    });
  });

  it('lets a method filter throw a spec error (resource not found, -32002)', async () => {
    const error = await rpcError(peer.client.readResource({ uri: 'shop://items/pear' }));
    expect(error.code).toBe(-32002);
    expect(error.message).toMatch(/item pear/);
    const apple = await peer.client.readResource({ uri: 'shop://items/apple' });
    expect(apple.contents[0]).toMatchObject({ text: 'a red apple' });
  });

  it('applies global filters (APP_FILTER) to MCP calls', async () => {
    const result = await call('create_twice');
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe('already done (item exists)');
  });
});
