import {
  createModernServedMethods,
  createServedMethods,
} from '../../../../lib/server/handlers/served-methods.js';
import { CLIENT_REQUEST_METHODS } from '../../../../lib/protocol/schema/index.js';
import { TestClient, makeServer } from '../harness.js';

describe('served methods', () => {
  it('serves every session-era client request, the experimental tasks/* included', () => {
    const served = [...createServedMethods().keys()].sort();
    expect(served).toEqual([...CLIENT_REQUEST_METHODS].sort());
    expect(createServedMethods().get('tasks/get')?.capability).toBe('tasks');
  });

  it('takes the capability gate from the method table', () => {
    const served = createServedMethods();
    expect(served.get('tools/call')?.capability).toBe('tools');
    expect(served.get('ping')?.capability).toBeUndefined();
  });

  it('validates params with the method schema: -32602 naming the method and the path', async () => {
    const server = makeServer();
    server.registerTool({ name: 'x' }, () => 'x');
    server.registerPrompt({ name: 'p' }, () => 'x');
    const client = TestClient.connect(server);
    await client.initialize();
    const bad = await client.error('tools/call', { name: 5 });
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/^Invalid params of tools\/call: name: /);
    const nested = await client.error('prompts/get', { name: 'p', arguments: { a: 1 } });
    expect(nested.message).toMatch(/^Invalid params of prompts\/get: arguments\.a: /);
  });

  it('treats absent optional params as {} and passes parsed params to the handler', async () => {
    const server = makeServer();
    server.registerTool({ name: 'x' }, () => 'x');
    const client = TestClient.connect(server);
    await client.initialize();
    expect(await client.result('tools/list')).toEqual({
      tools: [{ name: 'x', inputSchema: { type: 'object', properties: {} } }],
    });
    expect(await client.result('ping')).toEqual({});
  });

  it('checks tools/call arguments as an object without copying them, in both eras', () => {
    const modernMeta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { roots: {} },
    };
    const eras = [
      [createServedMethods().get('tools/call')!, undefined],
      [createModernServedMethods().get('tools/call')!, modernMeta],
    ] as const;
    for (const [entry, meta] of eras) {
      const args = { text: 'hi', nested: { deep: [1] } };
      const parsed = entry.parseParams({ name: 'echo', arguments: args, _meta: meta });
      expect(parsed.arguments).toBe(args);
      expect(parsed.name).toBe('echo');
      for (const bad of [[1, 2], 'text', null, 5]) {
        expect(() => entry.parseParams({ name: 'echo', arguments: bad, _meta: meta })).toThrow(
          /^Invalid params of tools\/call: arguments: expected an object$/,
        );
      }
    }
  });

  it('keeps the 2026-07-28 _meta the envelope parsed as it is', () => {
    const entry = createModernServedMethods().get('tools/call')!;
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      progressToken: 7,
    };
    const parsed = entry.parseParams({ name: 'echo', _meta: meta, requestState: 's' });
    expect(parsed._meta).toBe(meta);
    expect(parsed.requestState).toBe('s');
    expect(() => entry.parseParams({ name: 'echo', _meta: meta, requestState: 5 })).toThrow(
      /requestState/,
    );
  });

  it('serves plain tools/call params as they are and sends any other through the schema', () => {
    const modernMeta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const legacy = createServedMethods().get('tools/call')!;
    const modern = createModernServedMethods().get('tools/call')!;
    const plain = { name: 'echo', arguments: { text: 'hi' } };
    expect(legacy.parseParams(plain)).toBe(plain);
    const modernPlain = { ...plain, _meta: modernMeta };
    expect(modern.parseParams(modernPlain)).toBe(modernPlain);
    expect(modern.parseParams({ name: 'echo' })).toEqual({ name: 'echo' });
    // A 2025 _meta is the schema's to check: a progress token of the wrong type is refused.
    expect(() => legacy.parseParams({ name: 'echo', _meta: { progressToken: {} } })).toThrow(
      /^Invalid params of tools\/call: _meta\.progressToken/,
    );
    const withTask = { name: 'echo', task: { ttl: 1000 } };
    expect(legacy.parseParams(withTask)).not.toBe(withTask);
    expect(legacy.parseParams(withTask)).toEqual(withTask);
    for (const entry of [legacy, modern]) {
      expect(() => entry.parseParams({ name: 5 })).toThrow(/^Invalid params of tools\/call: name/);
      expect(() => entry.parseParams({ name: 'echo', task: 5 })).toThrow(/task/);
      expect(() => entry.parseParams([{ name: 'echo' }])).toThrow(/^Invalid params of tools\/call/);
    }
    expect(() => modern.parseParams({ name: 'echo', _meta: [] })).toThrow(/_meta/);
  });
});
