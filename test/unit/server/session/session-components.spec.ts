import { makeServer, settle, TestClient } from '../harness.js';

describe('McpSessionComponents', () => {
  it('a session registers its own tool: listed and called by it alone, list_changed to it alone', async () => {
    const server = makeServer();
    server.registerTool({ name: 'global' }, () => 'g');
    const a = TestClient.connect(server, 'a');
    const b = TestClient.connect(server, 'b');
    await a.initialize();
    await b.initialize();
    server.sessionComponents('a')!.registerTool({ name: 'mine' }, () => 'only a');
    await settle();
    expect(a.notifications('notifications/tools/list_changed')).toHaveLength(1);
    expect(b.notifications('notifications/tools/list_changed')).toHaveLength(0);
    const listed = (c: TestClient) =>
      c.result('tools/list').then((r) => (r.tools as Array<{ name: string }>).map((t) => t.name));
    expect(await listed(a)).toEqual(['global', 'mine']);
    expect(await listed(b)).toEqual(['global']);
    expect(await a.result('tools/call', { name: 'mine' })).toEqual({
      content: [{ type: 'text', text: 'only a' }],
    });
    expect(await b.error('tools/call', { name: 'mine' })).toMatchObject({ code: -32602 });
  });

  it('its own item shadows a server-wide one registered later, for that session only', async () => {
    const server = makeServer();
    server.registerTool({ name: 'other' }, () => 'o');
    const a = TestClient.connect(server, 'a');
    await a.initialize();
    server.sessionComponents('a')!.registerTool({ name: 'x' }, () => 'session x');
    server.registerTool({ name: 'x' }, () => 'global x');
    const tools = (await a.result('tools/list')).tools as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toEqual(['other', 'x']);
    expect(await a.result('tools/call', { name: 'x' })).toEqual({
      content: [{ type: 'text', text: 'session x' }],
    });
  });

  it('prompts, resources and templates: read, listed, removed', async () => {
    const server = makeServer();
    server.registerPrompt({ name: 'p0' }, () => 'p0');
    server.registerResource({ name: 'r0', uri: 'mem://r0' }, () => 'r0');
    const a = TestClient.connect(server, 'a');
    await a.initialize();
    const own = server.sessionComponents('a')!;
    own.registerPrompt({ name: 'p1' }, () => 'hello');
    own.registerResource({ name: 'r1', uri: 'mem://r1' }, () => 'one');
    own.registerResourceTemplate(
      { name: 't', uriTemplate: 'mem://t/{id}' },
      ({ id }) => `t${String(id)}`,
    );
    expect(await a.result('prompts/get', { name: 'p1' })).toMatchObject({
      messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
    });
    expect(await a.result('resources/read', { uri: 'mem://t/7' })).toMatchObject({
      contents: [{ uri: 'mem://t/7', text: 't7' }],
    });
    const uris = ((await a.result('resources/list')).resources as Array<{ uri: string }>).map(
      (r) => r.uri,
    );
    expect(uris).toEqual(['mem://r0', 'mem://r1']);
    expect(own.removeResource('mem://r1')).toBe(true);
    expect(own.removeResource('mem://r1')).toBe(false);
    expect(own.removeResourceTemplate('mem://t/{id}')).toBe(true);
    expect(await a.error('resources/read', { uri: 'mem://t/7' })).toMatchObject({ code: -32002 });
  });

  it('refuses a kind the session was not offered at initialize, and a clash with the server', async () => {
    const server = makeServer();
    server.registerTool({ name: 'global', origin: 'Tools#global' }, () => 'g');
    const a = TestClient.connect(server, 'a');
    await a.initialize();
    const own = server.sessionComponents('a')!;
    expect(() => own.registerPrompt({ name: 'p', origin: 'Mine#p' }, () => 'p')).toThrow(
      /Mine#p: session a was not offered the "prompts" capability/,
    );
    expect(() => own.registerTool({ name: 'global', origin: 'Mine#global' }, () => 'x')).toThrow(
      'Mine#global: duplicate tool "global" for session a (already registered server-wide by Tools#global)',
    );
    expect(own.own.tools.size).toBe(0);
  });

  it('a session without components allocates none; components go with the session', async () => {
    const server = makeServer();
    server.registerTool({ name: 'global' }, () => 'g');
    const a = TestClient.connect(server, 'a');
    await a.initialize();
    expect(a.session.componentsIfAny).toBeUndefined();
    a.session.components.registerTool({ name: 'mine' }, () => 'm');
    a.session.close('bye');
    expect(server.sessionComponents('a')).toBeUndefined();
  });
});
