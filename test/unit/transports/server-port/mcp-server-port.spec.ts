import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpServerPort } from '../../../../lib/transports/server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../../../../lib/transports/server-port/mcp-session-port.interface.js';

describe('McpServerPort', () => {
  it('is satisfied by the server core without adapters (typed assignment) and opens working sessions', () => {
    const port: McpServerPort = new McpServer({ name: 'port', version: '1.0.0' }).core;
    const session: McpSessionPort = port.createSession('s-1', 'in-memory');
    const reasons: string[] = [];
    session.onClose((reason) => reasons.push(reason));
    expect(session.id).toBe('s-1');
    expect(session.closed).toBe(false);
    session.close('done');
    expect(session.closed).toBe(true);
    expect(reasons).toEqual(['done']);
  });
});
