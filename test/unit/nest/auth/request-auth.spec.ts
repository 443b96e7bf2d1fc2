import { McpContext } from '../../../../lib/server/context/mcp-context.js';
import type { RequestScope } from '../../../../lib/server/context/request-scope.interface.js';
import { authOf, setAuth } from '../../../../lib/nest/auth/request-auth.js';
import type { McpAuthInfo } from '../../../../lib/server/auth/mcp-auth-info.interface.js';

const info = (over: Partial<McpAuthInfo> = {}): McpAuthInfo => ({
  token: 't',
  scopes: ['a'],
  audience: [],
  claims: {},
  ...over,
});

describe('request auth', () => {
  it('puts the token on the Fastify request and its raw Node request', () => {
    const raw: Record<string, unknown> = {};
    const fastify: Record<string, unknown> = { raw };
    setAuth(fastify, info({ subject: 'ann', clientId: 'c' }));
    expect(authOf(fastify)).toBe(raw.auth);
    expect(fastify.user).toEqual({ sub: 'ann', clientId: 'c', scopes: ['a'] });
    expect(raw.user).toEqual(fastify.user);
  });

  it('keeps a user another auth layer set, and names a client-only token by its client', () => {
    const kept = { user: { id: 'u1' } } as Record<string, unknown>;
    setAuth(kept, info());
    expect(kept.user).toEqual({ id: 'u1' });
    const client: Record<string, unknown> = {};
    setAuth(client, info({ clientId: 'svc' }));
    expect(client.user).toMatchObject({ sub: 'client:svc' });
  });

  it('reads nothing from a request without auth or from a non-object', () => {
    expect(authOf({})).toBeUndefined();
    expect(authOf(undefined)).toBeUndefined();
  });

  it("reads a handler's McpContext through its transport request", () => {
    const request: Record<string, unknown> = {};
    setAuth(request, info({ subject: 'ann' }));
    const ctx = new McpContext({
      transport: { kind: 'streamable-http', request },
      session: undefined,
    } as unknown as RequestScope);
    expect(authOf(ctx)?.subject).toBe('ann');
  });
});
