import { McpModule } from '../../../lib/index.js';
import { connectSdk, type SdkPeer } from './support/clients.js';
import { DecoratedTools } from './support/decorated.tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

describe.each(PLATFORMS)('MCP parameter decorators on %s', (platform) => {
  let booted: BootedApp;
  let peer: SdkPeer;

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'decorated', version: '1.0.0' })],
      providers: [DecoratedTools],
    });
    peer = await connectSdk(booted.url(), { 'x-trace': 'trace-42' });
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  it('injects arguments, one argument, the context, the session and the HTTP request', async () => {
    const result = await peer.client.callTool({
      name: 'inspect',
      arguments: { text: 'hello', times: 2 },
    });
    expect(result.structuredContent).toEqual({
      text: 'hello',
      all: { text: 'hello', times: 2 },
      method: 'tools/call',
      sessionId: peer.transport.sessionId,
      visits: 1,
      trace: 'trace-42',
      isNodeRequest: true,
    });
  });

  it('keeps session state across calls (@McpSession)', async () => {
    const call = () =>
      peer.client.callTool({ name: 'inspect', arguments: { text: 'again', times: 1 } });
    await call();
    const third = await call();
    expect(third.structuredContent).toMatchObject({ visits: 3 });
  });

  it('works on prompts too', async () => {
    const result = await peer.client.getPrompt({ name: 'topic', arguments: { topic: 'owls' } });
    expect(result.messages[0].content).toEqual({
      type: 'text',
      text: 'Write about owls (prompts/get)',
    });
  });
});
