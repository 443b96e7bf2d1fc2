import { createSseHandler, resolveSseExtras } from '../../../../lib/nest/sse/sse-module-extras.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';

describe('resolveSseExtras', () => {
  it('mounts nothing for false or absent', () => {
    expect(resolveSseExtras(undefined)).toBeUndefined();
    expect(resolveSseExtras(false)).toBeUndefined();
  });

  it('mounts /sse + /messages for true, and normalises custom paths', () => {
    expect(resolveSseExtras(true)).toEqual({ path: '/sse', messagesPath: '/messages' });
    expect(resolveSseExtras({ path: 'legacy/sse/', messagesPath: '//legacy//msg' })).toEqual({
      path: '/legacy/sse',
      messagesPath: '/legacy/msg',
    });
    expect(resolveSseExtras({ messagesPath: 'message' })).toEqual({
      path: '/sse',
      messagesPath: '/message',
    });
  });

  it('refuses the same route for both endpoints, naming it', () => {
    expect(() => resolveSseExtras({ path: 'x', messagesPath: '/x/' })).toThrow(/both "\/x"/);
  });
});

describe('createSseHandler', () => {
  it('takes keep-alive, body limit and origin settings from the module options', () => {
    const server = new McpServer({ name: 's', version: '1' });
    const handler = createSseHandler(server, {
      name: 's',
      version: '1',
      sseKeepAliveMs: 5000,
      maxBodyBytes: 1024,
      dnsRebindingProtection: false,
      allowedHosts: ['api.example'],
    });
    expect(handler.options).toMatchObject({ keepAliveMs: 5000, maxMessageBytes: 1024 });
    expect(handler.options.origin.dnsRebindingProtection).toBe(false);
    expect([...handler.options.origin.allowedHosts]).toEqual(['api.example']);
    server.close();
  });

  it('takes the new option names keepAliveMs and maxMessageBytes', () => {
    const server = new McpServer({ name: 's', version: '1' });
    const handler = createSseHandler(server, {
      name: 's',
      version: '1',
      keepAliveMs: 0,
      maxMessageBytes: 2048,
    });
    expect(handler.options).toMatchObject({ keepAliveMs: 0, maxMessageBytes: 2048 });
    server.close();
  });
});
