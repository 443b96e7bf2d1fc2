import { encodeMessage } from '../../../lib/protocol/encode-message.js';
import { markSharedMember, sharedMemberOf } from '../../../lib/protocol/shared-json.js';
import { makeServer, TestClient } from '../server/harness.js';

const noReport = () => undefined;

describe('shared JSON members (list results encoded once)', () => {
  it('encodes a marked result exactly as JSON.stringify does', () => {
    const tools = Object.freeze([Object.freeze({ name: 'a', inputSchema: { type: 'object' } })]);
    const result: Record<string, unknown> = { tools, nextCursor: 'b2:1' };
    markSharedMember(result, 'tools');
    result._meta = { 'x/y': 1 };
    const message = { jsonrpc: '2.0' as const, id: 'r-1', result };
    expect(encodeMessage(message, noReport)).toBe(JSON.stringify(message));
    const alone: Record<string, unknown> = { tools };
    markSharedMember(alone, 'tools');
    const response = { jsonrpc: '2.0' as const, id: 7, result: alone };
    expect(encodeMessage(response, noReport)).toBe(JSON.stringify(response));
  });

  it('refuses to mark a member that is not frozen', () => {
    expect(() => markSharedMember({ tools: [] }, 'tools')).toThrow(/must be frozen/);
  });

  it('marks an unfiltered tools/list page, and a list with per-caller filtering not', async () => {
    const server = makeServer();
    server.registerTool({ name: 'open' }, () => 'ok');
    const client = TestClient.connect(server);
    await client.initialize();
    expect(sharedMemberOf(await client.result('tools/list'))).toBe('tools');
    server.registerTool({ name: 'hidden', visible: () => false }, () => 'ok');
    expect(sharedMemberOf(await client.result('tools/list'))).toBeUndefined();
  });

  it('sends the new list after a registration and a removal (the cached text follows the registry)', async () => {
    const server = makeServer({ pageSize: 2 });
    server.registerTool({ name: 'one' }, () => 'ok');
    const client = TestClient.connect(server);
    await client.initialize();
    const wire = async (params?: Record<string, unknown>) => {
      const response = await client.request('tools/list', params);
      return JSON.parse(encodeMessage(response, noReport)!) as {
        result: { tools: Array<{ name: string }>; nextCursor?: string };
      };
    };
    const names = async (params?: Record<string, unknown>) =>
      (await wire(params)).result.tools.map((t) => t.name);
    expect(await names()).toEqual(['one']);
    server.registerTool({ name: 'two' }, () => 'ok');
    expect(await names()).toEqual(['one', 'two']);
    server.registerTool({ name: 'three' }, () => 'ok');
    const first = await wire();
    expect(first.result.tools.map((t) => t.name)).toEqual(['one', 'two']);
    expect(await names({ cursor: first.result.nextCursor })).toEqual(['three']);
    server.removeTool('two');
    expect(await names()).toEqual(['one', 'three']);
  });
});
