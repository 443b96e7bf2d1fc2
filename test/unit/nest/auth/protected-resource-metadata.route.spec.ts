import { HttpAdapterHost } from '@nestjs/core';
import { McpResourceServer } from '../../../../lib/nest/auth/mcp-resource-server.js';
import { ProtectedResourceMetadataRoute } from '../../../../lib/nest/auth/protected-resource-metadata.route.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';

type Handler = (req: unknown, res: unknown) => void;

function adapterHost() {
  const routes: Record<string, Handler> = {};
  const host = new HttpAdapterHost();
  host.httpAdapter = {
    get: (path: string, handler: Handler) => (routes[`GET ${path}`] = handler),
    options: (path: string, handler: Handler) => (routes[`OPTIONS ${path}`] = handler),
  } as never;
  return { host, routes };
}

function response() {
  return {
    status: 0,
    headers: {} as Record<string, string>,
    body: '',
    removeHeader() {},
    writeHead(status: number, headers: Record<string, string>) {
      this.status = status;
      this.headers = headers;
      return this; // as Node's
    },
    end(body = '') {
      this.body = body;
    },
  };
}

const server = new McpServer({ name: 's', version: '1' });

describe('ProtectedResourceMetadataRoute', () => {
  it('serves the document at the root and at the path-suffixed well-known URL, with CORS', () => {
    const { host, routes } = adapterHost();
    const rs = new McpResourceServer(
      {
        auth: {
          resource: 'https://api.example/v1/mcp',
          authorizationServers: ['https://as'],
          verifier: async () => ({}) as never,
        },
      },
      server,
    );
    new ProtectedResourceMetadataRoute(host, rs).onModuleInit();
    expect(Object.keys(routes).sort()).toEqual([
      'GET /.well-known/oauth-protected-resource',
      'GET /.well-known/oauth-protected-resource/v1/mcp',
      'OPTIONS /.well-known/oauth-protected-resource',
      'OPTIONS /.well-known/oauth-protected-resource/v1/mcp',
    ]);
    const res = response();
    const get = routes['GET /.well-known/oauth-protected-resource/v1/mcp']!;
    get({ headers: {} }, res);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(res.body)).toMatchObject({
      resource: 'https://api.example/v1/mcp',
      authorization_servers: ['https://as'],
    });
    // Revalidated with its entity tag: 304, no body.
    const revalidated = response();
    get({ headers: { 'if-none-match': res.headers.etag } }, revalidated);
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    const preflight = response();
    routes['OPTIONS /.well-known/oauth-protected-resource']!({ headers: {} }, preflight);
    expect(preflight.status).toBe(204);
  });

  it('registers nothing without the auth option', () => {
    const { host, routes } = adapterHost();
    new ProtectedResourceMetadataRoute(host, new McpResourceServer({}, server)).onModuleInit();
    expect(routes).toEqual({});
  });
});
