import { APP_GUARD } from '@nestjs/core';
import { McpModule } from '../../../lib/index.js';
import { initializeRawSession, postJson, rawId } from '../support/raw-http.js';
import { connectSdk, firstText, type SdkPeer } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';
import {
  AcmeTools,
  HeaderUserGuard,
  InstanceCounter,
  ScopedTools,
  TenantService,
  TenantTools,
  TransientTools,
} from './support/scoped.tools.js';

interface Whoami {
  instance: number;
  user: string | null;
  tenant: string | null;
  requestIsTransportRaw: boolean;
}

describe.each(PLATFORMS)('request-scoped and transient tool hosts on %s', (platform) => {
  let booted: BootedApp;
  const peers: SdkPeer[] = [];
  const connect = async (headers: Record<string, string>) => {
    const peer = await connectSdk(booted.url(), headers);
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'scoped', version: '1.0.0' })],
      providers: [
        InstanceCounter,
        ScopedTools,
        TenantService,
        TenantTools,
        AcmeTools,
        TransientTools,
        { provide: APP_GUARD, useClass: HeaderUserGuard },
      ],
    });
  });
  afterEach(() => Promise.all(peers.splice(0).map((p) => p.close())));
  afterAll(() => booted.close());

  const whoami = async (peer: SdkPeer): Promise<Whoami> => {
    const result = await peer.client.callTool({ name: 'scoped_whoami', arguments: {} });
    return result.structuredContent as unknown as Whoami;
  };

  it('resolves a request-scoped host per call, with the HTTP request and its user', async () => {
    const peer = await connect({ 'x-user': 'alice', 'x-tenant': 'acme' });
    const first = await whoami(peer);
    const second = await whoami(peer);
    expect(first).toMatchObject({ user: 'alice', tenant: 'acme', requestIsTransportRaw: true });
    expect(second.instance).not.toBe(first.instance);
  });

  it('resolves a host that depends on a request-scoped service per call', async () => {
    const acme = await connect({ 'x-user': 'alice', 'x-tenant': 'acme' });
    const globex = await connect({ 'x-user': 'bob', 'x-tenant': 'globex' });
    const [a, g] = await Promise.all([
      acme.client.callTool({ name: 'tenant', arguments: {} }),
      globex.client.callTool({ name: 'tenant', arguments: {} }),
    ]);
    expect([firstText(a), firstText(g)]).toEqual(['tenant acme', 'tenant globex']);
  });

  it('runs a request-scoped guard with the call’s request', async () => {
    const acme = await connect({ 'x-user': 'alice', 'x-tenant': 'acme' });
    expect(firstText(await acme.client.callTool({ name: 'acme_report', arguments: {} }))).toBe(
      'acme report',
    );
    const other = await connect({ 'x-user': 'bob', 'x-tenant': 'globex' });
    const denied = await other.client.callTool({ name: 'acme_report', arguments: {} });
    expect(denied.isError).toBe(true);
  });

  it('serves tools of a transient provider', async () => {
    const peer = await connect({ 'x-user': 'alice' });
    const result = await peer.client.callTool({ name: 'transient_hello', arguments: {} });
    expect(firstText(result)).toBe('transient #ok');
  });

  it("binds the session to the user: another user's request with its id gets 403", async () => {
    const url = booted.url();
    const session = await initializeRawSession(url, '2025-11-25');
    // That session was opened anonymously; now open one as alice.
    const alice = await postJson(
      url,
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'a', version: '1' },
        },
      },
      { 'x-user': 'alice' },
    );
    const aliceSession = alice.headers['mcp-session-id'] as string;
    const ping = (sessionId: string, user?: string) =>
      postJson(
        url,
        { jsonrpc: '2.0', id: rawId(), method: 'ping' },
        {
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
          ...(user && { 'x-user': user }),
        },
      );
    expect((await ping(aliceSession, 'alice')).status).toBe(200);
    expect((await ping(aliceSession, 'bob')).status).toBe(403);
    expect((await ping(aliceSession)).status).toBe(403);
    expect((await ping(session.sessionId, 'bob')).status).toBe(403);
    expect((await ping(aliceSession, 'alice')).status).toBe(200);
  });
});
