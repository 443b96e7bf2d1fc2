import { TestClient, makeServer } from '../harness.js';

async function ready(setup: (server: ReturnType<typeof makeServer>) => void, pageSize?: number) {
  const server = makeServer(pageSize ? { pageSize } : {});
  setup(server);
  const client = TestClient.connect(server);
  await client.initialize();
  return { server, client };
}

describe('resources/list and resources/templates/list', () => {
  it('lists fixed resources and templates separately', async () => {
    const { client } = await ready((s) => {
      s.registerResource({ uri: 'file:///a.md', name: 'a', mimeType: 'text/markdown' }, () => 'a');
      s.registerResourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, () => 'u');
    });
    expect(await client.result('resources/list')).toEqual({
      resources: [{ uri: 'file:///a.md', name: 'a', mimeType: 'text/markdown' }],
    });
    expect(await client.result('resources/templates/list')).toEqual({
      resourceTemplates: [{ uriTemplate: 'users://{id}', name: 'user' }],
    });
  });

  it('paginates both lists', async () => {
    const { client } = await ready((s) => {
      for (const n of [1, 2, 3]) {
        s.registerResource({ uri: `file:///${n}`, name: `r${n}` }, () => 'x');
        s.registerResourceTemplate({ uriTemplate: `t${n}://{id}`, name: `t${n}` }, () => 'x');
      }
    }, 2);
    const resources = await client.result('resources/list');
    expect(resources.resources).toHaveLength(2);
    expect(await client.result('resources/list', { cursor: resources.nextCursor })).toEqual({
      resources: [{ uri: 'file:///3', name: 'r3' }],
    });
    const templates = await client.result('resources/templates/list');
    expect(templates.resourceTemplates).toHaveLength(2);
    expect(typeof templates.nextCursor).toBe('string');
    expect((await client.error('resources/templates/list', { cursor: 'x' })).code).toBe(-32602);
  });
});

describe('resources/read', () => {
  it('reads a fixed resource: the handler gets a URL, the result the declared MIME type', async () => {
    const seen: unknown[] = [];
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a.md', name: 'a', mimeType: 'text/markdown' }, (uri) => {
        seen.push(uri);
        return '# A';
      }),
    );
    expect(await client.result('resources/read', { uri: 'file:///a.md' })).toEqual({
      contents: [{ uri: 'file:///a.md', text: '# A', mimeType: 'text/markdown' }],
    });
    expect(seen[0]).toBeInstanceOf(URL);
    expect(String(seen[0])).toBe('file:///a.md');
  });

  it('reads through a template, passing the extracted variables', async () => {
    const seen: unknown[] = [];
    const { client } = await ready((s) =>
      s.registerResourceTemplate(
        { uriTemplate: 'users://{id}/posts/{post}', name: 'post', mimeType: 'application/json' },
        (variables) => {
          seen.push(variables);
          return JSON.stringify(variables);
        },
      ),
    );
    expect(await client.result('resources/read', { uri: 'users://42/posts/7' })).toEqual({
      contents: [
        {
          uri: 'users://42/posts/7',
          text: '{"id":"42","post":"7"}',
          mimeType: 'application/json',
        },
      ],
    });
    expect(seen).toEqual([{ id: '42', post: '7' }]);
  });

  it('prefers an exact resource over a matching template', async () => {
    const { client } = await ready((s) => {
      s.registerResourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, () => 'template');
      s.registerResource({ uri: 'users://me', name: 'me' }, () => 'exact');
    });
    expect(await client.result('resources/read', { uri: 'users://me' })).toEqual({
      contents: [{ uri: 'users://me', text: 'exact' }],
    });
    expect(await client.result('resources/read', { uri: 'users://7' })).toEqual({
      contents: [{ uri: 'users://7', text: 'template' }],
    });
  });

  it('answers an unknown URI with -32002 and data.uri (2025 era)', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a'),
    );
    expect(await client.error('resources/read', { uri: 'file:///missing' })).toEqual({
      code: -32002,
      message: 'Resource not found: file:///missing',
      data: { uri: 'file:///missing' },
    });
  });

  it('answers a template handler throwing an HTTP 404 as resource not found', async () => {
    const notFound = Object.assign(new Error('No such user'), { getStatus: () => 404 });
    const { client } = await ready((s) =>
      s.registerResourceTemplate({ uriTemplate: 'users://{id}', name: 'user' }, () => {
        throw notFound;
      }),
    );
    expect(await client.error('resources/read', { uri: 'users://42' })).toEqual({
      code: -32002,
      message: 'Resource not found: users://42',
      data: { uri: 'users://42' },
    });
  });

  it('answers an unknown URI with -32602 and data.uri under 2026-07-28', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a'),
    );
    const response = await client.request(
      'resources/read',
      { uri: 'file:///missing' },
      { protocolVersion: '2026-07-28', clientCapabilities: {} },
    );
    expect('error' in response && response.error).toEqual({
      code: -32602,
      message: 'Resource not found: file:///missing',
      data: { uri: 'file:///missing' },
    });
  });

  it('answers a missing uri with -32602', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a'),
    );
    expect((await client.error('resources/read', {})).code).toBe(-32602);
  });

  it('answers a handler returning an unusable value with -32603', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///n', name: 'n' }, () => 42),
    );
    expect(await client.error('resources/read', { uri: 'file:///n' })).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { correlationId: expect.any(String) },
    });
  });
});

describe('resources/subscribe and resources/unsubscribe', () => {
  it('remember and forget the URI on the session', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a'),
    );
    expect(await client.result('resources/subscribe', { uri: 'file:///a' })).toEqual({});
    expect([...client.session.subscriptions]).toEqual(['file:///a']);
    expect(await client.result('resources/unsubscribe', { uri: 'file:///a' })).toEqual({});
    expect(client.session.subscriptions.size).toBe(0);
  });

  it('leave an idle session without a subscription set until it subscribes (issue 28)', async () => {
    const { client } = await ready((s) => {
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a');
      s.registerTool({ name: 'touch' }, (_args, ctx) => {
        ctx.notifyResourceUpdated('file:///a');
        return 'ok';
      });
    });
    await client.result('tools/call', { name: 'touch' }); // an update for nobody subscribed
    expect(client.session.subscriptionsIfAny).toBeUndefined();
    expect(client.notificationParams('notifications/resources/updated')).toEqual([]);
    await client.result('resources/subscribe', { uri: 'file:///a' });
    expect([...client.session.subscriptionsIfAny!]).toEqual(['file:///a']);
  });

  it('deliver notifications/resources/updated triggered from a handler context', async () => {
    const { client } = await ready((s) => {
      s.registerResource({ uri: 'file:///cfg', name: 'cfg' }, () => 'v1');
      s.registerTool({ name: 'touch' }, (_args, ctx) => {
        ctx.notifyResourceUpdated('file:///cfg');
        return 'ok';
      });
    });
    await client.result('resources/subscribe', { uri: 'file:///cfg' });
    await client.result('tools/call', { name: 'touch' });
    expect(client.notificationParams('notifications/resources/updated')).toEqual([
      { uri: 'file:///cfg' },
    ]);
  });

  it('refuse a missing uri with -32602', async () => {
    const { client } = await ready((s) =>
      s.registerResource({ uri: 'file:///a', name: 'a' }, () => 'a'),
    );
    expect((await client.error('resources/subscribe', {})).code).toBe(-32602);
    expect((await client.error('resources/unsubscribe', { uri: 1 })).code).toBe(-32602);
  });
});
