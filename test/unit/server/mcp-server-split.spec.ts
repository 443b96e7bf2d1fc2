import { McpServerCore } from '../../../lib/server/mcp-server-core.js';
import { TestClient, makeServer } from './harness.js';

describe('McpServer and McpServerCore', () => {
  it('exposes registries as read-only views that cannot add around compilation', () => {
    const server = makeServer();
    server.registerTool({ name: 'a' }, () => 'x');
    const view = server.tools as unknown as Record<string, unknown>;
    expect(view.add).toBeUndefined();
    expect(view.remove).toBeUndefined();
    expect(Object.isFrozen(server.tools)).toBe(true);
    expect(server.tools.size).toBe(1);
    expect(server.tools.get('a')?.descriptor.name).toBe('a');
  });

  it('gives transports the engine part: sessions, dispatch and initialize live on core', async () => {
    const server = makeServer();
    expect(server.core).toBeInstanceOf(McpServerCore);
    const client = TestClient.connect(server);
    expect(server.core.sessionCount).toBe(1);
    expect(server.sessionCount).toBe(1);
    await client.initialize();
    server.registerTool({ name: 'later' }, () => 'x');
    expect(server.core.getCapabilities().tools).toEqual({ listChanged: true });
    server.close();
    expect(server.core.sessionCount).toBe(0);
  });

  it('reads registrations through the core (a registration is visible to clients)', async () => {
    const server = makeServer();
    const client = TestClient.connect(server);
    await client.initialize({}, '2025-11-25');
    server.registerTool({ name: 'now' }, () => 'here');
    expect(server.removeTool('now')).toBe(true);
    expect(server.removeTool('now')).toBe(false);
    expect(server.core.primitives.tools.size).toBe(0);
  });
});
