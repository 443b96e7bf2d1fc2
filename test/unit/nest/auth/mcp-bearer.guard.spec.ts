import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import {
  McpBearerGuard,
  McpEndpointAuthGuard,
} from '../../../../lib/nest/auth/mcp-bearer.guard.js';
import { McpResourceServer } from '../../../../lib/nest/auth/mcp-resource-server.js';
import { McpScopes } from '../../../../lib/nest/auth/mcp-scopes.decorator.js';
import { pipelineArgs } from '../../../../lib/nest/invoker/mcp-pipeline-args.js';
import { McpContext } from '../../../../lib/server/context/mcp-context.js';
import type { RequestScope } from '../../../../lib/server/context/request-scope.interface.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';

class Tools {
  @McpScopes('write')
  add() {}
  read() {}
}

const resourceServer = (protectEndpoint?: boolean) =>
  new McpResourceServer(
    {
      auth: {
        resource: 'https://api.example/mcp',
        authorizationServers: ['https://as.example'],
        requiredScopes: ['read'],
        ...(protectEndpoint !== undefined && { protectEndpoint }),
        verifier: async (token) => ({
          token,
          subject: 'ann',
          scopes: token.split('.'),
          audience: [],
          claims: {},
        }),
      },
    },
    new McpServer({ name: 's', version: '1' }),
  );

function httpContext(headers: Record<string, string>, method = 'POST') {
  const response = {
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      this.headers[name] = value;
    },
  };
  const host = new ExecutionContextHost(
    [{ headers, method }, response],
    Tools,
    Tools.prototype.read,
  );
  host.setType('http');
  return { host, response };
}

function mcpContext(handler: () => void, headers: Record<string, string>, name = 'add') {
  const request = { headers };
  const ctx = new McpContext({
    transport: { kind: 'streamable-http', request },
    session: undefined,
    method: 'tools/call',
    params: { name },
  } as unknown as RequestScope);
  const host = new ExecutionContextHost(pipelineArgs({}, ctx), Tools, handler);
  host.setType('mcp');
  return host;
}

describe('McpBearerGuard', () => {
  it('on HTTP: passes a token with the baseline scopes, 401 with the challenge header otherwise', async () => {
    const guard = new McpBearerGuard(resourceServer());
    await expect(
      guard.canActivate(httpContext({ authorization: 'Bearer read' }).host),
    ).resolves.toBe(true);
    const { host, response } = httpContext({});
    await expect(guard.canActivate(host)).rejects.toBeInstanceOf(UnauthorizedException);
    expect(response.headers['WWW-Authenticate']).toMatch(/^Bearer resource_metadata=/);
    const lacking = httpContext({ authorization: 'Bearer other' });
    await expect(guard.canActivate(lacking.host)).rejects.toBeInstanceOf(ForbiddenException);
    expect(lacking.response.headers['WWW-Authenticate']).toContain('insufficient_scope');
  });

  it('lets CORS preflights and other context types through', async () => {
    const guard = new McpBearerGuard(resourceServer());
    await expect(guard.canActivate(httpContext({}, 'OPTIONS').host)).resolves.toBe(true);
    const rpc = new ExecutionContextHost([]);
    rpc.setType('rpc');
    await expect(guard.canActivate(rpc)).resolves.toBe(true);
  });

  it("on MCP calls: checks the handler's @McpScopes against the token", async () => {
    const guard = new McpBearerGuard(resourceServer());
    await expect(
      guard.canActivate(mcpContext(Tools.prototype.read, { authorization: 'Bearer read' }, 'read')),
    ).resolves.toBe(true);
    await expect(
      guard.canActivate(mcpContext(Tools.prototype.add, { authorization: 'Bearer read' })),
    ).rejects.toThrow('Insufficient scope: requires write');
    await expect(
      guard.canActivate(mcpContext(Tools.prototype.add, { authorization: 'Bearer read.write' })),
    ).resolves.toBe(true);
    await expect(guard.canActivate(mcpContext(Tools.prototype.add, {}))).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
  });

  it('McpEndpointAuthGuard passes everything at once (no promise) when protectEndpoint is false', async () => {
    expect(new McpEndpointAuthGuard(resourceServer(false)).canActivate(httpContext({}).host)).toBe(
      true,
    );
    await expect(
      new McpEndpointAuthGuard(resourceServer()).canActivate(httpContext({}).host),
    ).rejects.toBeInstanceOf(UnauthorizedException);
  });
});
