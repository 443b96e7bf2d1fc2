import {
  CLIENT_NOTIFICATION_METHODS,
  CLIENT_REQUEST_METHODS,
  ClientNotificationParamsSchemas,
  ClientRequestParamsSchemas,
  ClientRequestResultSchemas,
  isClientRequestMethod,
  isModernClientRequestMethod,
  isServerNotificationMethod,
  MODERN_CLIENT_NOTIFICATION_METHODS,
  MODERN_CLIENT_REQUEST_METHODS,
  MODERN_SERVER_NOTIFICATION_METHODS,
  ModernClientNotificationParamsSchemas,
  ModernClientRequestParamsSchemas,
  ModernClientRequestResultSchemas,
  ModernServerNotificationParamsSchemas,
  SERVER_NOTIFICATION_METHODS,
  SERVER_REQUEST_METHODS,
  ServerNotificationParamsSchemas,
  ServerRequestParamsSchemas,
  ServerRequestResultSchemas,
} from '../../../../lib/protocol/schema/index.js';

/** Method sets of the `ClientRequest`/`ServerRequest`/... unions in schema/2025-11-25/schema.ts. */
// prettier-ignore
const spec2025 = {
  clientRequests: [
    'ping', 'initialize', 'completion/complete', 'logging/setLevel', 'prompts/get',
    'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read',
    'resources/subscribe', 'resources/unsubscribe', 'tools/call', 'tools/list',
    'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel',
  ],
  serverRequests: [
    'ping', 'sampling/createMessage', 'roots/list', 'elicitation/create',
    'tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel',
  ],
  clientNotifications: [
    'notifications/cancelled', 'notifications/progress', 'notifications/initialized',
    'notifications/roots/list_changed', 'notifications/tasks/status',
  ],
  serverNotifications: [
    'notifications/cancelled', 'notifications/progress', 'notifications/message',
    'notifications/resources/updated', 'notifications/resources/list_changed',
    'notifications/tools/list_changed', 'notifications/prompts/list_changed',
    'notifications/elicitation/complete', 'notifications/tasks/status',
  ],
};

/** Requests of extensions served once declared (SEP-2640 Skills): in no union of the spec. */
const extensionRequests = ['skills/list', 'skills/get'];

const sorted = (xs: readonly string[]): string[] => [...xs].sort();

describe('2025-11-25 method lists and schema maps', () => {
  it('lists exactly the methods of the spec unions', () => {
    expect(sorted(CLIENT_REQUEST_METHODS)).toEqual(
      sorted([...spec2025.clientRequests, ...extensionRequests]),
    );
    expect(sorted(SERVER_REQUEST_METHODS)).toEqual(sorted(spec2025.serverRequests));
    expect(sorted(CLIENT_NOTIFICATION_METHODS)).toEqual(sorted(spec2025.clientNotifications));
    expect(sorted(SERVER_NOTIFICATION_METHODS)).toEqual(sorted(spec2025.serverNotifications));
  });

  it.each([
    ['ClientRequestParamsSchemas', ClientRequestParamsSchemas, CLIENT_REQUEST_METHODS],
    ['ClientRequestResultSchemas', ClientRequestResultSchemas, CLIENT_REQUEST_METHODS],
    ['ServerRequestParamsSchemas', ServerRequestParamsSchemas, SERVER_REQUEST_METHODS],
    ['ServerRequestResultSchemas', ServerRequestResultSchemas, SERVER_REQUEST_METHODS],
    [
      'ClientNotificationParamsSchemas',
      ClientNotificationParamsSchemas,
      CLIENT_NOTIFICATION_METHODS,
    ],
    [
      'ServerNotificationParamsSchemas',
      ServerNotificationParamsSchemas,
      SERVER_NOTIFICATION_METHODS,
    ],
  ] as const)('%s has one schema for every method and nothing else', (_name, map, methods) => {
    expect(sorted(Object.keys(map))).toEqual(sorted(methods));
    for (const schema of Object.values(map)) expect(typeof schema.safeParse).toBe('function');
    expect(Object.isFrozen(map)).toBe(true);
  });

  it('makes params optional exactly where the spec does', () => {
    const optional = CLIENT_REQUEST_METHODS.filter(
      (m) => ClientRequestParamsSchemas[m].safeParse(undefined).success,
    );
    expect(sorted(optional)).toEqual(
      sorted([
        'ping',
        'prompts/list',
        'resources/list',
        'resources/templates/list',
        'tools/list',
        'tasks/list',
        'skills/list', // the extension's list, paginated like the others
      ]),
    );
    expect(ServerRequestParamsSchemas['roots/list'].safeParse(undefined).success).toBe(true);
    expect(ServerRequestParamsSchemas['elicitation/create'].safeParse(undefined).success).toBe(
      false,
    );
    expect(
      ClientNotificationParamsSchemas['notifications/initialized'].safeParse(undefined).success,
    ).toBe(true);
  });

  it('validates params through the map with a useful path', () => {
    const result = ClientRequestParamsSchemas['resources/read'].safeParse({ url: 'file:///a' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['uri']);
  });

  it('accepts a CreateTaskResult for task-augmentable requests', () => {
    const task = {
      taskId: 't1',
      status: 'working',
      createdAt: '2025-11-25T10:30:00Z',
      lastUpdatedAt: '2025-11-25T10:30:00Z',
      ttl: null,
    };
    expect(ClientRequestResultSchemas['tools/call'].safeParse({ task }).success).toBe(true);
    expect(ServerRequestResultSchemas['elicitation/create'].safeParse({ task }).success).toBe(true);
    expect(ClientRequestResultSchemas['tools/call'].safeParse({ isError: true }).success).toBe(
      false,
    );
  });

  it('guards method names without matching inherited object keys', () => {
    expect(isClientRequestMethod('tools/call')).toBe(true);
    expect(isClientRequestMethod('sampling/createMessage')).toBe(false);
    expect(isClientRequestMethod('toString')).toBe(false);
    expect(isServerNotificationMethod('notifications/message')).toBe(true);
  });
});

describe('2026-07-28 method lists and schema maps', () => {
  it('drops the legacy-only methods and adds discover/listen', () => {
    expect(MODERN_CLIENT_REQUEST_METHODS).toEqual(
      expect.arrayContaining(['server/discover', 'subscriptions/listen', 'tools/call']),
    );
    for (const removed of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe']) {
      expect(isModernClientRequestMethod(removed)).toBe(false);
    }
    expect(MODERN_CLIENT_NOTIFICATION_METHODS).toEqual(['notifications/cancelled']);
    expect(MODERN_SERVER_NOTIFICATION_METHODS).toContain(
      'notifications/subscriptions/acknowledged',
    );
    expect(MODERN_SERVER_NOTIFICATION_METHODS).not.toContain('notifications/elicitation/complete');
  });

  it('has a params and result schema for every modern method', () => {
    expect(sorted(Object.keys(ModernClientRequestParamsSchemas))).toEqual(
      sorted(MODERN_CLIENT_REQUEST_METHODS),
    );
    expect(sorted(Object.keys(ModernClientRequestResultSchemas))).toEqual(
      sorted(MODERN_CLIENT_REQUEST_METHODS),
    );
    expect(sorted(Object.keys(ModernClientNotificationParamsSchemas))).toEqual(
      sorted(MODERN_CLIENT_NOTIFICATION_METHODS),
    );
    expect(sorted(Object.keys(ModernServerNotificationParamsSchemas))).toEqual(
      sorted(MODERN_SERVER_NOTIFICATION_METHODS),
    );
  });

  it('carries MRTR retry fields on tools/call and answers with either result kind', () => {
    const params = {
      name: 'deploy',
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: 'opaque',
    };
    expect(ModernClientRequestParamsSchemas['tools/call'].parse(params)).toEqual(params);
    const bad = { ...params, inputResponses: { confirm: { action: 'maybe' } } };
    expect(ModernClientRequestParamsSchemas['tools/call'].safeParse(bad).success).toBe(false);
    const results = ModernClientRequestResultSchemas['tools/call'];
    expect(results.safeParse({ resultType: 'input_required', requestState: 's' }).success).toBe(
      true,
    );
    expect(results.safeParse({ resultType: 'complete', content: [] }).success).toBe(true);
    expect(results.safeParse({ content: [] }).success).toBe(true);
  });

  it('exposes cache hints on cacheable list results and requires requestId on cancel', () => {
    const page = { resultType: 'complete', tools: [], ttlMs: 60000, cacheScope: 'private' };
    expect(ModernClientRequestResultSchemas['tools/list'].parse(page)).toEqual(page);
    expect(
      ModernClientRequestResultSchemas['tools/list'].safeParse({ ...page, cacheScope: 'x' })
        .success,
    ).toBe(false);
    const cancel = ModernClientNotificationParamsSchemas['notifications/cancelled'];
    expect(cancel.safeParse({ reason: 'timeout' }).success).toBe(false);
    expect(cancel.safeParse({ requestId: 1, reason: 'timeout' }).success).toBe(true);
  });
});
