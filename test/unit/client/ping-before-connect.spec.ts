import { McpClient } from '../../../lib/client/mcp-client.js';
import { McpServer } from '../../../lib/server/mcp-server.js';
import { InMemoryClientTransport } from '../../../lib/transports/in-memory/in-memory-client.transport.js';

describe('McpClient.ping before connect', () => {
  it('connects first, so a 2026-07-28 server gets server/discover (it has no ping)', async () => {
    const server = new McpServer({ name: 'modern-only', version: '1.0.0', protocolEras: 'modern' });
    const client = new McpClient({ transport: new InMemoryClientTransport(server.core) });
    try {
      await expect(client.ping()).resolves.toBeUndefined();
      expect(client.era).toBe('modern');
    } finally {
      await client.close();
    }
  });
});
