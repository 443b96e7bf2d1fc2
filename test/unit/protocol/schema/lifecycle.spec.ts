import {
  ClientCapabilitiesSchema,
  InitializeRequestParamsSchema,
  InitializeResultSchema,
  ServerCapabilitiesSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

const initializeParams = {
  protocolVersion: '2025-11-25',
  capabilities: {
    roots: { listChanged: true },
    sampling: { context: {}, tools: {} },
    elicitation: { form: {}, url: {} },
    tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
  },
  clientInfo: { name: 'ExampleClient', title: 'Example Client', version: '1.0.0' },
};

describe('initialize', () => {
  it('parses the params of a 2025-11-25 initialize request unchanged', () => {
    expect(InitializeRequestParamsSchema.parse(initializeParams)).toEqual(initializeParams);
  });

  it('names the missing field', () => {
    const noVersion = { ...initializeParams, clientInfo: { name: 'ExampleClient' } };
    expect(issuePaths(InitializeRequestParamsSchema, noVersion)).toEqual(['clientInfo.version']);
    const { capabilities: _omit, ...noCaps } = initializeParams;
    expect(issuePaths(InitializeRequestParamsSchema, noCaps)).toEqual(['capabilities']);
  });

  it('parses an InitializeResult with instructions and an unknown top-level key', () => {
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: {
        logging: {},
        completions: {},
        prompts: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        tools: { listChanged: true },
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      },
      serverInfo: { name: 'ExampleServer', version: '1.0.0' },
      instructions: 'Use get_weather for forecasts.',
      _meta: { 'com.example/build': 'abc' },
      extension: { enabled: true },
    };
    expect(InitializeResultSchema.parse(result)).toEqual(result);
  });
});

describe('capabilities', () => {
  it.each([
    {},
    { roots: {} },
    { sampling: {} },
    { elicitation: {} },
    { tasks: {} },
    { experimental: {} },
  ])('client capabilities tolerate empty or missing members: %j', (caps) => {
    expect(ClientCapabilitiesSchema.parse(caps)).toEqual(caps);
  });

  it.each([
    {},
    { tools: {} },
    { prompts: {} },
    { resources: {} },
    { logging: {}, completions: {} },
  ])('server capabilities tolerate empty or missing members: %j', (caps) => {
    expect(ServerCapabilitiesSchema.parse(caps)).toEqual(caps);
  });

  it('keeps unknown capabilities and sub-flags, and accepts 2026 extensions', () => {
    const caps = {
      roots: { listChanged: false, futureFlag: 1 },
      futureCapability: { x: true },
      experimental: { 'com.example/feature': { level: 2 } },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    };
    expect(ClientCapabilitiesSchema.parse(caps)).toEqual(caps);
  });

  it('rejects a non-object capability with its path', () => {
    expect(issuePaths(ServerCapabilitiesSchema, { tools: { listChanged: 'yes' } })).toEqual([
      'tools.listChanged',
    ]);
    expect(issuePaths(ClientCapabilitiesSchema, { sampling: true })).toEqual(['sampling']);
  });
});
