import { McpClient } from '../../../lib/client/mcp-client.js';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { StdioClientTransport } from '../../../lib/transports/stdio/stdio-client.transport.js';
import { DYING_SERVER, ROOT } from './support/sample.js';

/** A server process that dies while a call is pending. */
describe('stdio client: the server process dies mid-call', () => {
  it('rejects the pending call with TransportError("exited", code) and closes the client', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [DYING_SERVER],
      cwd: ROOT,
    });
    // A minimal legacy server that ignores server/discover: skip the probe (and its timeout).
    const client = new McpClient({ transport, versionNegotiation: 'legacy' });
    const errors: Error[] = [];
    client.errors$.subscribe((error) => errors.push(error));
    await client.connect();
    expect(client.serverInfo?.name).toBe('dying-server');

    const call = client.callTool('anything');
    await expect(call).rejects.toBeInstanceOf(TransportError);
    await expect(call).rejects.toMatchObject({ kind: 'exited', status: 3 });
    await expect(call).rejects.toThrow(
      /exited with code 3; last stderr lines: dying-server: crashing on purpose/,
    );
    expect(errors).toEqual([transport.closeError]);
    expect(client.currentState).toBe('closed');
    expect(transport.exit).toEqual({ code: 3, signal: null });
    await client.close();
  });
});
