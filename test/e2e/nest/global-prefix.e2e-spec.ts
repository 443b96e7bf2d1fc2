import {
  RequestMethod,
  VERSION_NEUTRAL,
  VersioningType,
  type INestApplication,
} from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { McpModule, type McpModuleExtras } from '../../../lib/index.js';
import {
  initializeRawSession,
  jsonBody,
  postJson,
  rawId,
  rawRequest,
  rpcMessages,
} from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { connectSdk, firstText } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS, type Platform } from './support/platforms.js';

/** A route layout: how the app is configured and where MCP must then be served. */
interface Layout {
  name: string;
  configure?: (app: INestApplication) => void;
  extras?: McpModuleExtras;
  routerPath?: string;
  served: string[];
  notServed: string[];
}

const LAYOUTS: Layout[] = [
  {
    name: 'global prefix',
    configure: (app) => app.setGlobalPrefix('api'),
    served: ['/api/mcp'],
    notServed: ['/mcp'],
  },
  {
    name: 'global prefix + custom path extra',
    configure: (app) => app.setGlobalPrefix('/api/'),
    extras: { path: '/ai/mcp/' },
    served: ['/api/ai/mcp'],
    notServed: ['/api/mcp'],
  },
  {
    name: 'global prefix + URI versioning (defaultVersion 1)',
    configure: (app) => {
      app.setGlobalPrefix('api');
      app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
    },
    served: ['/api/v1/mcp'],
    notServed: ['/api/mcp'],
  },
  {
    name: 'URI versioning with several default versions and a custom prefix',
    configure: (app) =>
      app.enableVersioning({ type: VersioningType.URI, defaultVersion: ['1', '2'], prefix: 'ver' }),
    served: ['/ver1/mcp', '/ver2/mcp'],
    notServed: ['/mcp'],
  },
  {
    name: 'URI versioning, version-neutral default',
    configure: (app) =>
      app.enableVersioning({ type: VersioningType.URI, defaultVersion: VERSION_NEUTRAL }),
    served: ['/mcp'],
    notServed: ['/v1/mcp'],
  },
  {
    name: 'MCP excluded from the global prefix',
    configure: (app) =>
      app.setGlobalPrefix('api', { exclude: [{ path: 'mcp', method: RequestMethod.ALL }] }),
    served: ['/mcp'],
    notServed: ['/api/mcp'],
  },
  {
    name: 'RouterModule path',
    routerPath: 'tools',
    served: ['/tools/mcp'],
    notServed: ['/mcp'],
  },
];

async function boot(platform: Platform, layout: Layout): Promise<BootedApp> {
  const mcp = McpModule.forRoot({ name: 'prefixed', version: '1.0.0', ...layout.extras });
  const router = layout.routerPath
    ? [RouterModule.register([{ path: layout.routerPath, module: McpModule }])]
    : [];
  return bootApp({
    platform,
    imports: [mcp, ...router],
    providers: [TestTools],
    configure: layout.configure,
  });
}

describe.each(PLATFORMS)('MCP endpoint paths on %s', (platform) => {
  describe.each(LAYOUTS)('$name', (layout) => {
    let booted: BootedApp;

    beforeAll(async () => {
      booted = await boot(platform, layout);
    });

    afterAll(() => booted.close());

    it.each(layout.served)('serves MCP at %s with its own body reading', async (path) => {
      const url = booted.url(path);
      const peer = await connectSdk(url);
      try {
        const result = await peer.client.callTool({ name: 'echo', arguments: { text: path } });
        expect(firstText(result)).toBe(`echo: ${path}`);
      } finally {
        await peer?.close();
      }
      // The transport, not the framework, reads the body: a JSON-RPC parse error, and a body
      // larger than the framework's default limit is accepted.
      const session = await initializeRawSession(url);
      const bad = await rawRequest(url, { headers: session.headers, body: '{oops' });
      expect(jsonBody<{ error: { code: number } }>(bad).error.code).toBe(-32700);
      const payload = 'y'.repeat(1_500_000);
      const big = await postJson(
        url,
        {
          jsonrpc: '2.0',
          id: rawId(),
          method: 'tools/call',
          params: { name: 'measure', arguments: { payload } },
        },
        session.headers,
      );
      expect(rpcMessages(big)[0]).toMatchObject({
        result: { structuredContent: { length: payload.length } },
      });
    });

    it.each(layout.notServed)('does not serve %s', async (path) => {
      const response = await postJson(booted.url(path), { jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(response.status).toBe(404);
    });
  });
});
