import {
  createModernServedMethods,
  createServedMethods,
} from '../../../../lib/server/handlers/served-methods.js';
import { CLIENT_REQUEST_METHODS } from '../../../../lib/protocol/schema/index.js';
import { ClientCapabilitiesSchema } from '../../../../lib/protocol/schema/capabilities.js';
import {
  PLAIN_CLIENT_CAPABILITIES,
  SERVED_PARAMS_OVERRIDES,
} from '../../../../lib/server/handlers/served-params.js';
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

  it('serves plain initialize params as they are, equal to what the schema makes of them', () => {
    const entry = createServedMethods().get('initialize')!;
    const schema = SERVED_PARAMS_OVERRIDES.initialize;
    const plain = [
      { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      {
        protocolVersion: 7,
        capabilities: {
          roots: { listChanged: true },
          sampling: { context: {}, tools: { x: 1 } },
          elicitation: { form: {}, url: {} },
          future: [1],
        },
        clientInfo: { name: 'c', version: '1', title: 't', description: 'd', extra: 2 },
      },
      { protocolVersion: '2025-11-25' },
    ];
    for (const params of plain) {
      expect(entry.parseParams(params)).toBe(params);
      expect(schema.parse(params)).toEqual(params);
    }
    // Anything the test does not vouch for goes through the schema: a copy, or its error.
    const checked = [
      { capabilities: { experimental: { a: {} } } },
      { capabilities: { tasks: {} } },
      { clientInfo: { name: 'c', version: '1', icons: [] } },
      { _meta: { progressToken: 1 } },
    ].map((params) => ({ protocolVersion: '2025-11-25', ...params }));
    for (const params of checked) {
      expect(entry.parseParams(params)).not.toBe(params);
      expect(entry.parseParams(params)).toEqual(schema.parse(params));
    }
    const refused = [
      { capabilities: { roots: { listChanged: 'yes' } } },
      { capabilities: { sampling: { tools: true } } },
      { capabilities: { elicitation: [] } },
      { capabilities: [] },
      { clientInfo: { name: 'c' } },
      { clientInfo: { name: 'c', version: '1', title: 5 } },
      { capabilities: { experimental: { a: 5 } } },
    ].map((params) => ({ protocolVersion: '2025-11-25', ...params }));
    for (const params of [...refused, {}]) {
      expect(() => entry.parseParams(params)).toThrow(/^Invalid params of initialize: /);
    }
  });

  it('checks every client capability the plain initialize test knows against its schema', () => {
    for (const [name, members] of Object.entries(PLAIN_CLIENT_CAPABILITIES)) {
      const capability = ClientCapabilitiesSchema.shape[name as 'roots'].unwrap();
      expect(Object.keys(capability.shape).sort()).toEqual(Object.keys(members).sort());
    }
  });

  it('serves plain list params as they are and sends any other through the schema', () => {
    for (const method of ['tools/list', 'prompts/list', 'resources/list', 'tasks/list']) {
      const entry = createServedMethods().get(method)!;
      for (const params of [{}, { cursor: 'abc' }, { other: 1 }]) {
        expect(entry.parseParams(params)).toBe(params);
      }
      expect(() => entry.parseParams({ cursor: 5 })).toThrow(/cursor/);
      expect(() => entry.parseParams({ _meta: { progressToken: {} } })).toThrow(/progressToken/);
      expect(entry.parseParams(undefined)).toEqual({});
    }
  });
});
