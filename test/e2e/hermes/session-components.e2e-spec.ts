import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { modernCall } from '../support/modern-call.js';
import { connectHttp, connectWs, useHermesApp, type Peer } from './peers.js';
import { waitFor } from '../support/wait.js';

describe('per-session components (official SDK v1 client)', () => {
  const hermes = useHermesApp();
  const open = hermes.open;
  const names = async (peer: Peer) => (await peer.client.listTools()).tools.map((t) => t.name);

  it('unlock gives the caller alone a tool: list_changed, listed, callable; the other client never sees it', async () => {
    const a = await open(connectHttp(hermes.app.url, 'alice'));
    const b = await open(connectHttp(hermes.app.url, 'bob'));
    expect(await names(a)).not.toContain('secret');

    await a.client.callTool({ name: 'unlock', arguments: {} });
    await a.waitFor('notifications/tools/list_changed');
    expect(await names(a)).toEqual(['unlock', 'lock', 'clash', 'secret']);
    const result = await a.client.callTool({ name: 'secret', arguments: { n: 21 } });
    expect(result.content).toEqual([{ type: 'text', text: `secret 42 for ${a.sessionId}` }]);
    // Arguments are checked by the schema compiled at registration.
    const invalid = await a.client.callTool({ name: 'secret', arguments: { n: 'x' } });
    expect(invalid.isError).toBe(true);

    expect(await names(b)).toEqual(['unlock', 'lock', 'clash']);
    await expect(b.client.callTool({ name: 'secret', arguments: { n: 1 } })).rejects.toMatchObject({
      code: -32602,
    });
    // b was told of no change: a server-wide marker is the first list_changed it gets.
    hermes.app.server.sendNotification('acme/marker', {});
    await b.waitFor('acme/marker');
    expect(b.received.map((n) => n.method)).toEqual(['acme/marker']);
  });

  it('lock removes it again (list_changed), and removing an unknown one reports false', async () => {
    const a = await open(connectHttp(hermes.app.url));
    await a.client.callTool({ name: 'unlock', arguments: {} });
    await a.waitFor('notifications/tools/list_changed');
    const locked = await a.client.callTool({ name: 'lock', arguments: {} });
    expect(locked.content).toEqual([{ type: 'text', text: 'locked' }]);
    await waitForCount(a, 'notifications/tools/list_changed', 2);
    expect(await names(a)).not.toContain('secret');
    const again = await a.client.callTool({ name: 'lock', arguments: {} });
    expect(again.content).toEqual([{ type: 'text', text: 'nothing to lock' }]);
    expect(hermes.app.server.sessionComponents('no-such-session')).toBeUndefined();
  });

  it('a per-session tool named like a server-wide one is refused (the call fails, nothing changes)', async () => {
    const a = await open(connectHttp(hermes.app.url));
    const call = a.client.callTool({ name: 'clash', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(McpError);
    await expect(call).rejects.toMatchObject({ code: -32603 });
    expect(await names(a)).toEqual(['unlock', 'lock', 'clash']);
    // The same refusal, by session id from the server side, names the origin.
    const components = hermes.app.server.sessionComponents(a.sessionId!)!;
    expect(() => components.registerTool({ name: 'lock', origin: 'Test' }, () => 'x')).toThrow(
      /Test: duplicate tool "lock" for session .* \(already registered server-wide by SessionTools#lock\)/,
    );
    components.registerTool({ name: 'fromServer' }, () => 'by id');
    await a.waitFor('notifications/tools/list_changed');
    const result = await a.client.callTool({ name: 'fromServer', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'by id' }]);
    expect(() => components.registerTool({ name: 'fromServer' }, () => 'x')).toThrow(
      /duplicate tool "fromServer"/,
    );
  });

  it('works on a WebSocket connection (the connection is the session)', async () => {
    const ws = await open(connectWs(hermes.app.wsUrl));
    const http = await open(connectHttp(hermes.app.url));
    await ws.client.callTool({ name: 'unlock', arguments: {} });
    await ws.waitFor('notifications/tools/list_changed');
    const result = await ws.client.callTool({ name: 'secret', arguments: { n: 2 } });
    expect(result.content).toEqual([{ type: 'text', text: 'secret 4 for connection' }]);
    expect(await names(http)).not.toContain('secret');
  });

  it('a 2026-07-28 stateless request has no session: a clear -32600', async () => {
    const res = await modernCall(hermes.app.url, 'tools/call', { name: 'unlock', arguments: {} });
    expect(res.error).toMatchObject({ code: -32600 });
    expect(res.error?.message).toMatch(/Per-session components need a 2025-era session/);
  });
});

async function waitForCount(peer: Peer, method: string, count: number): Promise<void> {
  await waitFor(
    () => peer.received.filter((n) => n.method === method).length >= count || undefined,
    {
      description: `${count} × ${method}`,
    },
  );
}
