import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  DiscoverResultSchema,
  InputRequestSchema,
  InputRequiredResultSchema,
  InputResponsesSchema,
  LOG_LEVEL_META_KEY,
  ModernRequestParamsSchema,
  PROTOCOL_VERSION_META_KEY,
  RequestMetaObjectSchema,
  SERVER_INFO_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  SubscriptionsAcknowledgedNotificationParamsSchema,
  SubscriptionsListenRequestParamsSchema,
  SubscriptionsListenResultSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

const meta = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [CLIENT_INFO_META_KEY]: { name: 'ExampleClient', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};

describe('2026-07-28 _meta keys', () => {
  it('exports the reserved key names', () => {
    expect([
      PROTOCOL_VERSION_META_KEY,
      CLIENT_CAPABILITIES_META_KEY,
      CLIENT_INFO_META_KEY,
      LOG_LEVEL_META_KEY,
      SUBSCRIPTION_ID_META_KEY,
      SERVER_INFO_META_KEY,
    ]).toEqual([
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
      'io.modelcontextprotocol/clientInfo',
      'io.modelcontextprotocol/logLevel',
      'io.modelcontextprotocol/subscriptionId',
      'io.modelcontextprotocol/serverInfo',
    ]);
  });

  it('accepts a complete request _meta and keeps trace keys', () => {
    const full = { ...meta, [LOG_LEVEL_META_KEY]: 'info', progressToken: 1, traceparent: '00-ab' };
    expect(RequestMetaObjectSchema.parse(full)).toEqual(full);
  });

  it('names each missing required key', () => {
    const { [PROTOCOL_VERSION_META_KEY]: _v, [CLIENT_CAPABILITIES_META_KEY]: _c, ...rest } = meta;
    expect(issuePaths(ModernRequestParamsSchema, { _meta: rest }).sort()).toEqual([
      `_meta.${CLIENT_CAPABILITIES_META_KEY}`,
      `_meta.${PROTOCOL_VERSION_META_KEY}`,
    ]);
    expect(issuePaths(ModernRequestParamsSchema, { name: 'x' })).toEqual(['_meta']);
    expect(issuePaths(RequestMetaObjectSchema, { ...meta, [LOG_LEVEL_META_KEY]: 'loud' })).toEqual([
      LOG_LEVEL_META_KEY,
    ]);
  });
});

describe('server/discover', () => {
  it('parses the spec example result', () => {
    const result = {
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: {} },
      _meta: { [SERVER_INFO_META_KEY]: { name: 'ExampleServer', version: '1.0.0' } },
      instructions: 'Prefer `get_weather` for forecast lookups.',
      ttlMs: 3600000,
      cacheScope: 'public',
    };
    expect(DiscoverResultSchema.parse(result)).toEqual(result);
    expect(issuePaths(DiscoverResultSchema, { ...result, cacheScope: 'shared' })).toEqual([
      'cacheScope',
    ]);
  });
});

describe('subscriptions/listen', () => {
  const notifications = {
    toolsListChanged: true,
    resourceSubscriptions: ['file:///project/config.json'],
  };

  it('parses the request params and the acknowledgement', () => {
    const params = { _meta: meta, notifications };
    expect(SubscriptionsListenRequestParamsSchema.parse(params)).toEqual(params);
    const ack = { _meta: { [SUBSCRIPTION_ID_META_KEY]: 'listen-1' }, notifications };
    expect(SubscriptionsAcknowledgedNotificationParamsSchema.parse(ack)).toEqual(ack);
  });

  it('requires the subscription id on the closing result', () => {
    const closed = { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_META_KEY]: 'listen-1' } };
    expect(SubscriptionsListenResultSchema.parse(closed)).toEqual(closed);
    expect(
      issuePaths(SubscriptionsListenResultSchema, { resultType: 'complete', _meta: {} }),
    ).toEqual([`_meta.${SUBSCRIPTION_ID_META_KEY}`]);
  });
});

describe('multi round-trip requests (MRTR)', () => {
  const inputRequired = {
    resultType: 'input_required',
    inputRequests: {
      github_login: {
        method: 'elicitation/create',
        params: {
          message: 'Please provide your GitHub username',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          },
        },
      },
      capital_of_france: {
        method: 'sampling/createMessage',
        params: {
          messages: [
            { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
          ],
          maxTokens: 100,
        },
      },
    },
    requestState: 'eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0',
  };

  it('parses the spec example InputRequiredResult', () => {
    expect(InputRequiredResultSchema.parse(inputRequired)).toEqual(inputRequired);
  });

  it('accepts requestState alone but not an empty interim result', () => {
    const shed = { resultType: 'input_required', requestState: 'opaque' };
    expect(InputRequiredResultSchema.parse(shed)).toEqual(shed);
    expect(issuePaths(InputRequiredResultSchema, { resultType: 'input_required' })).toEqual([
      'inputRequests',
    ]);
  });

  it('accepts a URL-mode elicitation without the (2026-removed) elicitationId', () => {
    const request = {
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Set your key', url: 'https://mcp.example.com/key' },
    };
    expect(InputRequestSchema.parse(request)).toEqual(request);
  });

  it('rejects methods that cannot be input requests, and bad params by path', () => {
    expect(issuePaths(InputRequestSchema, { method: 'tools/call', params: {} })).toEqual([
      'method',
    ]);
    const bad = { method: 'sampling/createMessage', params: { messages: [] } };
    expect(issuePaths(InputRequestSchema, bad)).toEqual(['params.maxTokens']);
  });

  it('parses the spec example InputResponses', () => {
    const responses = {
      github_login: { action: 'accept', content: { name: 'octocat' } },
      capital_of_france: {
        role: 'assistant',
        content: { type: 'text', text: 'The capital of France is Paris.' },
        model: 'claude-3-sonnet-20240307',
        stopReason: 'endTurn',
      },
      roots: { roots: [{ uri: 'file:///project' }] },
    };
    expect(InputResponsesSchema.parse(responses)).toEqual(responses);
    expect(InputResponsesSchema.safeParse({ x: { unexpected: true } }).success).toBe(false);
  });
});
