import { McpClient } from '../../../lib/client/mcp-client.js';
import type { ClientTransport } from '../../../lib/client/client-transport.interface.js';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { StreamableHttpClientTransport } from '../../../lib/transports/http/client/streamable-http-client.transport.js';
import { SseClientTransport } from '../../../lib/transports/sse/sse-client.transport.js';
import { StdioClientTransport } from '../../../lib/transports/stdio/stdio-client.transport.js';
import { WebSocketClientTransport } from '../../../lib/transports/websocket/websocket-client.transport.js';
import { freePort } from '../support/free-port.js';

async function connectError(transport: ClientTransport): Promise<TransportError> {
  const client = new McpClient({ transport, requestTimeoutMs: 5000 });
  const error = await client.connect().then(
    () => new Error('connect() succeeded'),
    (e: unknown) => e,
  );
  await client.close();
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

/** A failed connect names where the client tried to go: the URL, or the command line. */
describe('McpClient connect errors name the server', () => {
  let port: number;

  beforeAll(async () => {
    port = await freePort();
  });

  it.each([
    [
      'Streamable HTTP',
      (p: number) => new StreamableHttpClientTransport(`http://127.0.0.1:${p}/mcp`),
      'http',
    ],
    ['legacy HTTP+SSE', (p: number) => new SseClientTransport(`http://127.0.0.1:${p}/sse`), 'http'],
    ['WebSocket', (p: number) => new WebSocketClientTransport(`ws://127.0.0.1:${p}/mcp`), 'ws'],
  ] as const)('%s: refused, with the URL and the reason', async (_name, create, scheme) => {
    const error = await connectError(create(port));
    const url = `${scheme}://127.0.0.1:${port}/`;
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(
      new RegExp(`^Cannot connect to ${url.replace(/[.]/g, '\\.')}\\w+: ECONNREFUSED`),
    );
  });

  it('stdio: a command that cannot start is named with its arguments', async () => {
    const transport = new StdioClientTransport({
      command: 'no-such-mcp-server-binary',
      args: ['--port', 'a b'],
    });
    const error = await connectError(transport);
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('`no-such-mcp-server-binary --port "a b"`');
    expect(error.message).toContain('ENOENT');
  });

  it('stdio: a server that exits before answering is named with its arguments', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
    });
    const error = await connectError(transport);
    expect(error.kind).toBe('exited');
    expect(error.message).toContain(
      `\`${process.execPath} -e process.exit(3)\` exited with code 3`,
    );
  });
});
