import { McpClient } from '../../../lib/client/mcp-client.js';
import { TransportError } from '../../../lib/errors/transport.error.js';
import { ScriptedTransport, type Script } from './scripted-transport.js';

describe('McpClient typed requests', () => {
  let client: McpClient | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  function connect(script: Script) {
    const transport = new ScriptedTransport(script);
    client = new McpClient({ transport, requestTimeoutMs: 2000 });
    return { client, transport };
  }

  it('request() sends the method and params and resolves with the server result unchanged', async () => {
    const page = { tools: [{ name: 'add', inputSchema: { type: 'object' } }], nextCursor: 'n' };
    const { client, transport } = connect(() => page);
    const result = await client.request('tools/list', { cursor: 'c1' });
    expect(result).toEqual(page);
    expect(transport.requests()).toMatchObject([
      { method: 'tools/list', params: { cursor: 'c1' } },
    ]);
  });

  it('rejects a result that does not match the method result schema with a protocol TransportError', async () => {
    const { client } = connect(() => ({ tools: [{ title: 'no name', inputSchema: {} }] }));
    const error = await client.listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'protocol' });
    expect((error as Error).message).toContain('tools/list');
    expect((error as Error).message).toContain('tools.0.name');
  });

  it('rejects a tools/call result without content', async () => {
    const { client } = connect(() => ({ structuredContent: { sum: 3 } }));
    await expect(client.callTool('add', { a: 1, b: 2 })).rejects.toMatchObject({
      name: 'TransportError',
      kind: 'protocol',
      message: expect.stringContaining('content'),
    });
  });

  it('callTool() passes name and arguments and returns the typed structured content', async () => {
    const { client, transport } = connect(() => ({
      content: [{ type: 'text', text: '3' }],
      structuredContent: { sum: 3 },
    }));
    const result = await client.callTool<{ sum: number }>('add', { a: 1, b: 2 });
    expect(result.structuredContent?.sum).toBe(3);
    const first = result.content[0];
    expect(first?.type === 'text' ? first.text : undefined).toBe('3');
    expect(transport.requests()).toMatchObject([
      { method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 } } },
    ]);
  });

  it('streams checked notifications; malformed params go to errors$, not to logs$', async () => {
    const { client, transport } = connect(() => ({}));
    await client.connect();
    const logs: unknown[] = [];
    const raw: unknown[] = [];
    const errors: Error[] = [];
    client.logs$.subscribe((log) => logs.push(log));
    client.notifications$.subscribe((notification) => raw.push(notification));
    client.errors$.subscribe((error) => errors.push(error));
    transport.notify('notifications/message', { level: 'loud', data: 'bad level' });
    transport.notify('notifications/message', { level: 'info', data: 'fine' });
    await client.ping();
    expect(logs).toEqual([{ level: 'info', data: 'fine' }]);
    expect(raw).toHaveLength(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      name: 'TransportError',
      kind: 'protocol',
      message: expect.stringContaining('notifications/message'),
    });
  });

  it('rejects an initialize result without serverInfo', async () => {
    const transport = new ScriptedTransport();
    const send = transport.send.bind(transport);
    transport.send = async (message) => {
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        transport.sent.push(message);
        queueMicrotask(() =>
          transport.messages$.next({
            jsonrpc: '2.0',
            id: message.id,
            result: { protocolVersion: '2025-11-25', capabilities: {} },
          }),
        );
        return;
      }
      return send(message);
    };
    client = new McpClient({ transport, requestTimeoutMs: 2000 });
    await expect(client.connect()).rejects.toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('serverInfo'),
    });
  });
});
