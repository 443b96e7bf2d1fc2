import { resolveExplorer } from '../../../../lib/nest/explorer/explorer-settings.js';

describe('resolveExplorer: the sandbox of MCP App views', () => {
  const env = { NODE_ENV: 'development' };

  it('defaults to a free port on 127.0.0.1, its origin known once listening', () => {
    expect(resolveExplorer(true, true, env)?.sandbox).toEqual({ port: 0, host: '127.0.0.1' });
  });

  it('takes a port, an address and a public origin', () => {
    const sandbox = { port: 3100, host: '0.0.0.0', origin: 'https://mcp-sandbox.example.com' };
    expect(resolveExplorer({ sandbox }, true, env)?.sandbox).toEqual(sandbox);
  });

  it.each([
    ['a path', 'https://mcp-sandbox.example.com/views'],
    ['a trailing slash', 'https://mcp-sandbox.example.com/'],
    ['another scheme', 'ftp://mcp-sandbox.example.com'],
    ['no URL at all', 'mcp-sandbox.example.com'],
  ])('refuses an origin with %s', (_what, origin) => {
    expect(() => resolveExplorer({ sandbox: { origin } }, true, env)).toThrow(
      'McpModule: explorer.sandbox.origin must be an http(s) origin',
    );
  });

  it.each([-1, 65536, 1.5])('refuses the port %p', (port) => {
    expect(() => resolveExplorer({ sandbox: { port } }, true, env)).toThrow(
      `McpModule: explorer.sandbox.port must be a port number, got ${port}`,
    );
  });
});
