import { builtSample } from './support/sample.js';
import { RawStdioServer } from './support/raw-stdio-server.js';

// Each test boots the built sample in a child process, which waits up to a minute for its first
// answer (RawStdioServer.initialize): a test may take that and its own steps.
import.meta.jest.setTimeout(90_000);

/** The built sample driven byte by byte: framing, garbage, stdout hygiene, shutdown. */
describe('stdio server process (built sample), raw', () => {
  let server: RawStdioServer;

  beforeEach(() => {
    server = RawStdioServer.node(builtSample());
  });

  afterEach(async () => {
    await server.dispose();
  });

  it('answers garbage lines with JSON-RPC errors and keeps serving', async () => {
    await server.initialize();
    server.write('hello there\n');
    server.write('{"jsonrpc":"2.0","id":41,"method":7}\n');
    server.write('{"jsonrpc":"2.0","id":42,"method":"ping"\n'); // truncated JSON
    server.write('\n\r\n');
    server.send({
      jsonrpc: '2.0',
      id: 43,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'still here' } },
    });

    expect(await server.response(43)).toEqual({
      jsonrpc: '2.0',
      id: 43,
      result: { content: [{ type: 'text', text: 'still here' }] },
    });
    const errors = server.messages().filter((m) => 'error' in m);
    expect(errors).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      },
      { jsonrpc: '2.0', id: 41, error: { code: -32600, message: expect.any(String) } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      },
    ]);
    expect(server.stderr).toContain('Rejected an input line');
  });

  it('writes only JSON-RPC lines to stdout; logs and console.log go to stderr', async () => {
    await server.initialize();
    server.send({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
    await server.response('list');

    expect(server.stdout.endsWith('\n')).toBe(true);
    for (const line of server.stdout.split('\n').filter(Boolean)) {
      expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    }
    expect(server.stderr).toContain('[McpStdio] Serving MCP over stdio');
    expect(server.stderr).toContain('console.log goes to stderr');
    expect(server.stdout).not.toContain('Nest');
  });

  it('sends every progress notification of a call before its response', async () => {
    await server.initialize();
    server.send({
      jsonrpc: '2.0',
      id: 'count',
      method: 'tools/call',
      params: {
        name: 'countdown',
        arguments: { steps: 3, delayMs: 1 },
        _meta: { progressToken: 'p' },
      },
    });
    await server.response('count');
    const related = server
      .messages()
      .filter(
        (m) => m.id === 'count' || (m.params as { progressToken?: string })?.progressToken === 'p',
      )
      .map((m) =>
        'method' in m ? `progress ${(m.params as { progress: number }).progress}` : 'response',
      );
    expect(related).toEqual(['progress 1', 'progress 2', 'progress 3', 'response']);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('exits with code 0 on %s', async (signal) => {
    await server.initialize();
    server.kill(signal);
    await expect(server.exited).resolves.toEqual({ code: 0, signal: null });
    expect(server.stderr).toContain(`Shutting down (${signal})`);
  });

  it('exits with code 0 on stdin EOF, even with a call running', async () => {
    await server.initialize();
    server.send({
      jsonrpc: '2.0',
      id: 'long',
      method: 'tools/call',
      params: { name: 'countdown', arguments: { steps: 100, delayMs: 5000 } },
    });
    server.send({ jsonrpc: '2.0', id: 'ping', method: 'ping' });
    await server.response('ping');
    server.endInput();
    await expect(server.exited).resolves.toEqual({ code: 0, signal: null });
    expect(server.stderr).toContain('Shutting down (stdin closed)');
    expect(server.messages().some((m) => m.id === 'long')).toBe(false);
  });

  it('rejects an oversized line (over 4 MiB) and keeps serving', async () => {
    await server.initialize();
    server.write(
      `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}\n`,
    );
    server.send({ jsonrpc: '2.0', id: 'after', method: 'ping' });
    expect(await server.response('after')).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });
    expect(server.messages().filter((m) => 'error' in m)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Message exceeds the line limit of 4194304 bytes' },
      },
    ]);
  });
});
