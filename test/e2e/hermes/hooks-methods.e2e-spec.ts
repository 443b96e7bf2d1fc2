import { Injectable, Scope } from '@nestjs/common';
import { z } from 'zod';
import { McpMethod, OnMcpSessionEnded } from '../../../lib/index.js';
import { jsonBody, postJson, rawId } from '../support/raw-http.js';
import { modernCall } from '../support/modern-call.js';
import { waitFor } from '../support/wait.js';
import { bootWith, HookRecorder, startHermesApp } from './hermes-app.js';
import { connectHttp, connectWs, useHermesApp } from './peers.js';

const PingResult = z.object({ pong: z.string(), era: z.string(), session: z.string().nullable() });

type Body = {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

describe('custom methods and lifecycle hooks', () => {
  const hermes = useHermesApp();
  const open = hermes.open;

  it('@McpMethod is served to a 2025 session (SDK client.request with a custom schema)', async () => {
    const a = await open(connectHttp(hermes.app.url));
    const result = await a.client.request(
      { method: 'acme/ping', params: { echo: 'hi' } },
      PingResult,
    );
    expect(result).toEqual({ pong: 'hi', era: 'legacy', session: a.sessionId });
  });

  it('and over WebSocket', async () => {
    const ws = await open(connectWs(hermes.app.wsUrl));
    const result = await ws.client.request(
      { method: 'acme/ping', params: { echo: 'ws' } },
      PingResult,
    );
    expect(result).toEqual({ pong: 'ws', era: 'legacy', session: null });
  });

  it('and as a stateless 2026-07-28 request (Mcp-Method header equal to it)', async () => {
    const res = await modernCall(hermes.app.url, 'acme/ping', { echo: 'modern' });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      pong: 'modern',
      era: 'modern',
      session: null,
      resultType: 'complete',
    });
    const mismatch = await postJson(
      hermes.app.url,
      {
        jsonrpc: '2.0',
        id: rawId(),
        method: 'acme/ping',
        params: {
          echo: 'x',
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'acme/other' },
    );
    expect(mismatch.status).toBe(400);
  });

  it('bad input: unknown method -32601, invalid params -32602, a throwing handler a spec error', async () => {
    const a = await open(connectHttp(hermes.app.url));
    const any = z.object({}).passthrough();
    await expect(a.client.request({ method: 'acme/nope', params: {} }, any)).rejects.toMatchObject({
      code: -32601,
    });
    await expect(
      a.client.request({ method: 'acme/ping', params: { echo: 1 } }, any),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Invalid params of acme\/ping: echo/),
    });
    await expect(
      a.client.request({ method: 'acme/fail', params: { kind: 'mcp' } }, any),
    ).rejects.toMatchObject({
      code: -32001,
      data: { reason: 'test' },
    });
    const fault = a.client.request({ method: 'acme/fail', params: {} }, any);
    await expect(fault).rejects.toMatchObject({
      code: -32603,
      data: { correlationId: expect.any(String) },
    });
    await expect(fault).rejects.not.toMatchObject({
      message: expect.stringMatching(/secret internal/),
    });

    const unknown = await modernCall(hermes.app.url, 'acme/nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: -32601 });
    const thrown = await modernCall(hermes.app.url, 'acme/fail', { kind: 'mcp' });
    expect(thrown.error).toMatchObject({ code: -32001, data: { reason: 'test' } });
  });

  it('a name without a vendor prefix or in the spec namespace fails the bootstrap naming the method', async () => {
    @Injectable()
    class Unprefixed {
      @McpMethod('ping2')
      ping() {
        return {};
      }
    }
    @Injectable()
    class SpecNamespace {
      @McpMethod('tools/secret')
      secret() {
        return {};
      }
    }
    @Injectable()
    class OtherPing {
      @McpMethod('acme/ping')
      ping() {
        return {};
      }
    }
    await expect(bootWith(OtherPing, HookRecorder)).rejects.toThrow(
      /duplicate custom method "acme\/ping" \(already registered by (OtherPing#ping|HookRecorder#ping)\)/,
    );
    @Injectable({ scope: Scope.REQUEST })
    class RequestScopedHooks {
      @OnMcpSessionEnded()
      ended() {}
    }
    await expect(bootWith(RequestScopedHooks)).rejects.toThrow(
      /RequestScopedHooks#ended: MCP lifecycle hooks must be methods of a singleton provider/,
    );
    await expect(bootWith(Unprefixed)).rejects.toThrow(
      /Unprefixed#ping: "ping2" is not vendor-prefixed/,
    );
    await expect(bootWith(SpecNamespace)).rejects.toThrow(
      /SpecNamespace#secret: "tools\/secret" uses the MCP specification's namespace "tools\/"/,
    );
  });

  it('hooks: client initialized (info, capabilities, principal), notifications, session ended by DELETE', async () => {
    const { hooks } = hermes.app;
    const a = await open(connectHttp(hermes.app.url, 'carol'));
    const init = await waitFor(() => hooks.initialized.find((e) => e.sessionId === a.sessionId));
    expect(init).toMatchObject({
      transport: 'streamable-http',
      principal: 'carol',
      protocolVersion: '2025-11-25',
      clientInfo: { name: 'sdk-carol', version: '1.0.0' },
      clientCapabilities: { roots: { listChanged: true } },
    });
    await a.client.sendRootsListChanged();
    const roots = await waitFor(() => hooks.rootsChanged.find((e) => e.sessionId === a.sessionId));
    expect(roots.method).toBe('notifications/roots/list_changed');
    const mine = hooks.notifications
      .filter((e) => e.sessionId === a.sessionId)
      .map((e) => e.method);
    expect(mine).toEqual(['notifications/initialized', 'notifications/roots/list_changed']);
    const id = a.sessionId;
    await (
      a.client.transport as unknown as { terminateSession(): Promise<void> }
    ).terminateSession();
    const ended = await waitFor(() => hooks.ended.find((e) => e.sessionId === id));
    expect(ended).toMatchObject({
      cause: 'deleted',
      principal: 'carol',
      clientInfo: { name: 'sdk-carol' },
    });
  });

  it('session ended: a WebSocket closing is "disconnected"', async () => {
    const before = hermes.app.hooks.ended.filter((e) => e.transport === 'websocket').length;
    const ws = await connectWs(hermes.app.wsUrl);
    await ws.close();
    const ended = await waitFor(() => {
      const list = hermes.app.hooks.ended.filter((e) => e.transport === 'websocket');
      return list.length > before && list[list.length - 1];
    });
    expect(ended.cause).toBe('disconnected');
  });
});

describe('session ended: expiry and shutdown', () => {
  it('an idle session is "expired"; closing the app is "shutdown"', async () => {
    // Long enough that the SDK's handshake cannot outlast it on a loaded machine.
    const server = await startHermesApp({ sessionIdleTimeoutMs: 2000 });
    try {
      const a = await connectHttp(server.url);
      const idle = a.sessionId;
      const expired = await waitFor(() => server.hooks.ended.find((e) => e.sessionId === idle), {
        timeoutMs: 20_000,
      });
      expect(expired.cause).toBe('expired');
      await a.close().catch(() => undefined);
      const b = await connectHttp(server.url);
      const live = b.sessionId;
      await server.close();
      expect(server.hooks.ended.find((e) => e.sessionId === live)?.cause).toBe('shutdown');
      await b.close().catch(() => undefined);
    } finally {
      await server.close();
    }
  });
});

describe('option protocolVersions', () => {
  it('initialize negotiates among the listed ones; server/discover lists only them; another is -32022', async () => {
    const server = await startHermesApp({ protocolVersions: ['2026-07-28', '2025-06-18'] });
    try {
      const a = await connectHttp(server.url); // the SDK asks for 2025-11-25
      const init = await waitFor(() =>
        server.hooks.initialized.find((e) => e.sessionId === a.sessionId),
      );
      expect(init.protocolVersion).toBe('2025-06-18');
      await a.close();
      const raw = await postJson(
        server.url,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        },
        {},
      );
      expect(jsonBody<Body>(raw).result?.protocolVersion).toBe('2025-06-18');
      const discover = await modernCall(server.url, 'server/discover', {});
      expect(discover.result?.supportedVersions).toEqual(['2026-07-28', '2025-06-18']);
    } finally {
      await server.close();
    }
  });

  it('without a 2026-07-28 revision a modern request gets -32022 listing the supported ones', async () => {
    const server = await startHermesApp({ protocolVersions: ['2025-11-25'] });
    try {
      const res = await modernCall(server.url, 'acme/ping', { echo: 'x' });
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({
        code: -32022,
        data: { supported: ['2025-11-25'] },
      });
    } finally {
      await server.close();
    }
  });

  it('an unknown revision or an empty list fails the bootstrap', async () => {
    await expect(startHermesApp({ protocolVersions: ['1999-01-01'] })).rejects.toThrow(
      /protocolVersions: unknown revision "1999-01-01"/,
    );
    await expect(startHermesApp({ protocolVersions: [] })).rejects.toThrow(
      /protocolVersions: the list is empty/,
    );
  });
});
