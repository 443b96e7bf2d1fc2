import { AppModule } from '../../../sample/05-auth/src/app.module.js';
import { jsonBody, postJson, rawId } from '../support/raw-http.js';
import { connectSdk, firstText, names, type SdkPeer } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

const USER = 'user-token-ursula';
const OTHER_USER = 'user-token-uriel';
const ADMIN = 'admin-token-ada';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const INITIALIZE = {
  jsonrpc: '2.0',
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

describe.each(PLATFORMS)('sample/05-auth on %s', (platform) => {
  let booted: BootedApp;
  const peers: SdkPeer[] = [];
  const connect = async (token: string) => {
    const peer = await connectSdk(booted.url(), bearer(token));
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    booted = await bootApp({ platform, imports: [AppModule] });
  });
  afterEach(() => Promise.all(peers.splice(0).map((p) => p.close())));
  afterAll(() => booted.close());

  it.each([
    ['no Authorization header', {}],
    ['an unknown token', bearer('stolen-token')],
    ['another scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
  ])('answers a request with %s with 401 and a Bearer challenge', async (_case, headers) => {
    const response = await postJson(booted.url(), { ...INITIALIZE, id: rawId() }, headers);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="mcp"');
    expect(jsonBody(response)).toMatchObject({ message: 'A valid bearer token is required' });
  });

  it('lists only the user tools to a user (hideDeniedFromLists)', async () => {
    const { client } = await connect(USER);
    expect(names((await client.listTools()).tools)).toEqual(['add_note', 'list_notes', 'whoami']);
  });

  it('lets a user call user tools; the handler knows who calls', async () => {
    const { client } = await connect(USER);
    const me = await client.callTool({ name: 'whoami', arguments: {} });
    expect(me.structuredContent).toEqual({ username: 'ursula', roles: ['user'] });
    const saved = await client.callTool({ name: 'add_note', arguments: { text: 'buy milk' } });
    expect(firstText(saved)).toMatch(/^Saved\. You have \d+ note\(s\)\.$/);
  });

  it('refuses an admin tool to a user, and keeps serving', async () => {
    const { client } = await connect(USER);
    const denied = await client.callTool({ name: 'purge_notes', arguments: {} });
    expect(denied).toMatchObject({ isError: true, content: [{ text: 'Forbidden resource' }] });
    await client.callTool({ name: 'add_note', arguments: { text: 'call mum' } });
    const notes = await client.callTool({ name: 'list_notes', arguments: {} });
    expect((notes.structuredContent as { notes: string[] }).notes).toContain('call mum');
  });

  it("keeps one user's notes from another", async () => {
    const { client } = await connect(OTHER_USER);
    const notes = await client.callTool({ name: 'list_notes', arguments: {} });
    expect(notes.structuredContent).toEqual({ notes: [] });
  });

  it('shows an admin every tool and lets them call admin tools', async () => {
    const { client } = await connect(ADMIN);
    expect(names((await client.listTools()).tools)).toEqual([
      'add_note',
      'list_notes',
      'list_users',
      'purge_notes',
      'whoami',
    ]);
    const users = await client.callTool({ name: 'list_users', arguments: {} });
    expect((users.structuredContent as { users: unknown[] }).users).toHaveLength(3);
  });

  it("refuses a user presenting the admin's session id (403), and the admin keeps it", async () => {
    const admin = await connect(ADMIN);
    const sessionId = admin.transport.sessionId!;
    const ping = (token: string) =>
      postJson(
        booted.url(),
        { jsonrpc: '2.0', id: rawId(), method: 'ping' },
        { ...bearer(token), 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
      );
    const hijack = await ping(USER);
    expect(hijack.status).toBe(403);
    expect(jsonBody(hijack)).toMatchObject({
      error: { code: -32600, message: 'The session belongs to another principal' },
    });
    expect((await ping(ADMIN)).status).toBe(200);
    const purge = await admin.client.callTool({ name: 'purge_notes', arguments: {} });
    expect(firstText(purge)).toMatch(/^Deleted \d+ note\(s\)\.$/);
  });
});
