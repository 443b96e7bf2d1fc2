import {
  encodeMessage,
  encodeMessageBytes,
  type EncodedJson,
} from '../../../lib/protocol/encode-message.js';
import {
  sharedMemberResult,
  markSharedResult,
  sharedMemberOf,
  splicedByteLength,
  type SplicedJson,
} from '../../../lib/protocol/shared-json.js';
import { makeServer, TestClient } from '../server/harness.js';

const noReport = () => undefined;

describe('shared JSON members (list results encoded once)', () => {
  it('encodes a marked result exactly as JSON.stringify does', () => {
    const tools = Object.freeze([Object.freeze({ name: 'a', inputSchema: { type: 'object' } })]);
    const result: Record<string, unknown> = sharedMemberResult('tools', tools);
    result.nextCursor = 'b2:1';
    result._meta = { 'x/y': 1 };
    const message = { jsonrpc: '2.0' as const, id: 'r-1', result };
    expect(encodeMessage(message, noReport)).toBe(JSON.stringify(message));
    const alone = sharedMemberResult('tools', tools);
    const response = { jsonrpc: '2.0' as const, id: 7, result: alone };
    expect(encodeMessage(response, noReport)).toBe(JSON.stringify(response));
  });

  it('makes a result that equals a plain one, whose copies are not marked', () => {
    const tools = Object.freeze([Object.freeze({ name: 'a' })]);
    const result = sharedMemberResult('tools', tools);
    expect(sharedMemberOf(result)).toBe('tools');
    expect(result).toEqual({ tools });
    expect(Object.keys(result)).toEqual(['tools']);
    expect(sharedMemberOf({ ...result })).toBeUndefined();
    expect(sharedMemberOf(sharedMemberResult('prompts', Object.freeze([])))).toBe('prompts');
  });

  it('refuses to mark a member that is not frozen', () => {
    expect(() => sharedMemberResult('tools', [])).toThrow(/must be frozen/);
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

describe('a result shared whole (the initialize result encoded once)', () => {
  const shared = () =>
    Object.freeze(
      markSharedResult({
        protocolVersion: '2025-06-18',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'météo «1»', version: '1.0.0' },
      }),
    );

  it('encodes as JSON.stringify does, as text and as bytes, its bytes made once', () => {
    const result = shared();
    for (const id of [7, 'r-"1"', 0]) {
      const message = { jsonrpc: '2.0' as const, id, result };
      expect(encodeMessage(message, noReport)).toBe(JSON.stringify(message));
      const bytes = encodeMessageBytes(message, noReport) as SplicedJson;
      const all = Buffer.concat([Buffer.from(bytes.head), bytes.bytes, Buffer.from(bytes.tail)]);
      expect(all.equals(Buffer.from(JSON.stringify(message)))).toBe(true);
      expect(splicedByteLength(bytes)).toBe(Buffer.byteLength(JSON.stringify(message)));
    }
    const a = encodeMessageBytes({ jsonrpc: '2.0', id: 1, result }, noReport) as SplicedJson;
    const b = encodeMessageBytes({ jsonrpc: '2.0', id: 2, result }, noReport) as SplicedJson;
    expect(a.bytes).toBe(b.bytes);
    expect(Object.keys(result)).toEqual(['protocolVersion', 'capabilities', 'serverInfo']);
  });

  it('is marked before it is frozen', () => {
    expect(() => markSharedResult(Object.freeze({}))).toThrow(/before it is frozen/);
  });

  it('marks the initialize result; a registration makes a new one with the new capabilities', async () => {
    const server = makeServer();
    server.registerTool({ name: 'one' }, () => 'ok');
    const first = await TestClient.connect(server).initialize();
    expect(sharedMemberOf(first)).toBe(true);
    expect(JSON.parse(encodeMessage({ jsonrpc: '2.0', id: 1, result: first }, noReport)!)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: JSON.parse(JSON.stringify(first)),
    });
    server.registerPrompt({ name: 'p' }, () => 'text');
    const second = await TestClient.connect(server).initialize();
    expect(second).not.toBe(first);
    const wire = JSON.parse(
      encodeMessage({ jsonrpc: '2.0', id: 2, result: second }, noReport)!,
    ) as {
      result: { capabilities: Record<string, unknown> };
    };
    expect(Object.keys(wire.result.capabilities)).toContain('prompts');
    expect(Object.keys(JSON.parse(JSON.stringify(first)).capabilities)).not.toContain('prompts');
  });
});

describe('shared JSON as bytes (encodeMessageBytes)', () => {
  const bytesOf = (encoded: EncodedJson | undefined): Buffer =>
    typeof encoded === 'string'
      ? Buffer.from(encoded)
      : Buffer.concat([Buffer.from(encoded!.head), encoded!.bytes, Buffer.from(encoded!.tail)]);

  const page = Object.freeze([
    Object.freeze({ name: 'météo', description: 'Prévisions ☀ «200»', inputSchema: {} }),
    Object.freeze({ name: 'b', inputSchema: { type: 'object' } }),
  ]);

  it.each([
    ['alone', {}],
    ['with a cursor', { nextCursor: 'b2:1' }],
    ['stamped for 2026-07-28', { resultType: 'complete', _meta: { 'x/y': { v: 'é' } }, ttlMs: 5 }],
  ])('writes exactly the bytes of JSON.stringify, %s', (_, extra) => {
    const result: Record<string, unknown> = sharedMemberResult('tools', page);
    Object.assign(result, extra);
    for (const id of [7, 'r-"1"', 0]) {
      const message = { jsonrpc: '2.0' as const, id, result };
      const encoded = encodeMessageBytes(message, noReport);
      expect(typeof encoded).toBe('object');
      expect(bytesOf(encoded).equals(Buffer.from(JSON.stringify(message)))).toBe(true);
      expect(splicedByteLength(encoded as SplicedJson)).toBe(
        Buffer.byteLength(JSON.stringify(message)),
      );
      expect(encodeMessage(message, noReport)).toBe(JSON.stringify(message));
    }
  });

  it('encodes a page once: every response shares its bytes', () => {
    const result = (): Record<string, unknown> => {
      return sharedMemberResult('tools', page);
    };
    const a = encodeMessageBytes({ jsonrpc: '2.0', id: 1, result: result() }, noReport);
    const b = encodeMessageBytes({ jsonrpc: '2.0', id: 2, result: result() }, noReport);
    expect((a as SplicedJson).bytes).toBe((b as SplicedJson).bytes);
  });

  it('is plain text for an unmarked message', () => {
    const message = { jsonrpc: '2.0' as const, id: 1, result: { tools: [...page] } };
    expect(encodeMessageBytes(message, noReport)).toBe(JSON.stringify(message));
  });

  it('never serves a stale page after a registry change', async () => {
    const server = makeServer();
    server.registerTool({ name: 'one' }, () => 'ok');
    const client = TestClient.connect(server);
    await client.initialize();
    const wire = async () =>
      JSON.parse(
        bytesOf(encodeMessageBytes(await client.request('tools/list'), noReport)).toString(),
      ) as { result: { tools: Array<{ name: string }> } };
    expect((await wire()).result.tools.map((t) => t.name)).toEqual(['one']);
    server.registerTool({ name: 'two' }, () => 'ok');
    expect((await wire()).result.tools.map((t) => t.name)).toEqual(['one', 'two']);
    server.removeTool('one');
    expect((await wire()).result.tools.map((t) => t.name)).toEqual(['two']);
  });
});
