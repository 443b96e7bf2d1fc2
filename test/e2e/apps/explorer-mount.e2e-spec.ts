import 'reflect-metadata';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { McpModule, type McpModuleExtras } from '../../../lib/index.js';
import { bootApp } from '../nest/support/nest-app.js';
import { PLATFORMS, type Platform } from '../nest/support/platforms.js';

/** Refuses requests without `x-team: mcp` (an app's own guard). */
@Injectable()
class TeamGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string> }>();
    return request.headers['x-team'] === 'mcp';
  }
}

let platform: Platform = 'express';

async function boot(extras: McpModuleExtras, guarded = false, prefix?: string) {
  const app = await bootApp({
    platform,
    imports: [McpModule.forRoot({ name: 'explorer-mount', version: '1.0.0', ...extras })],
    providers: guarded ? [{ provide: APP_GUARD, useClass: TeamGuard }] : [],
    configure: (nest) => {
      if (prefix) nest.setGlobalPrefix(prefix);
    },
  });
  return { app, origin: app.origin };
}

/** Where and when the module mounts the explorer page, and who may open it (Express, Fastify). */
describe.each(PLATFORMS)('explorer mount on %s', (name) => {
  beforeAll(() => {
    platform = name;
  });
  const env = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = env;
  });

  it('is off unless enabled: 404', async () => {
    const { app, origin } = await boot({});
    try {
      expect((await fetch(`${origin}/explorer`)).status).toBe(404);
      expect((await fetch(`${origin}/explorer/explorer.js`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves the page and its prebuilt assets, pointing at the MCP endpoint under the global prefix', async () => {
    const { app, origin } = await boot(
      { explorer: { path: 'tools/explorer', title: 'Ops <MCP>' } },
      false,
      'api',
    );
    try {
      const res = await fetch(`${origin}/api/tools/explorer`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>Ops &lt;MCP&gt;</title>');
      expect(html).toMatch(
        /\{"endpoint":"\/api\/mcp","title":"Ops \\u003cMCP>","sandbox":"http:\/\/127\.0\.0\.1:\d+","clientMetadata":"\/api\/tools\/explorer\/client-metadata\.json"\}/,
      );
      expect(html).toContain('src="/api/tools/explorer/explorer.js"');
      const js = await fetch(`${origin}/api/tools/explorer/explorer.js`);
      expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await js.text()).length).toBeGreaterThan(1000);
      const css = await fetch(`${origin}/api/tools/explorer/explorer.css`);
      expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    } finally {
      await app.close();
    }
  });

  it("is behind the app's own guards: 403 without passing them", async () => {
    const { app, origin } = await boot({ explorer: true }, true);
    try {
      expect((await fetch(`${origin}/explorer`)).status).toBe(403);
      expect((await fetch(`${origin}/explorer/explorer.js`)).status).toBe(403);
      expect((await fetch(`${origin}/explorer`, { headers: { 'x-team': 'mcp' } })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });

  it('is refused under NODE_ENV=production unless enableInProduction', async () => {
    process.env.NODE_ENV = 'production';
    const refused = await boot({ explorer: true });
    try {
      expect((await fetch(`${refused.origin}/explorer`)).status).toBe(404);
    } finally {
      await refused.app.close();
    }
    const allowed = await boot({ explorer: { enableInProduction: true } });
    try {
      expect((await fetch(`${allowed.origin}/explorer`)).status).toBe(200);
    } finally {
      await allowed.app.close();
    }
  });

  it('needs the Streamable HTTP endpoint it talks to', async () => {
    await expect(boot({ explorer: true, http: false })).rejects.toThrow(
      'McpModule: the explorer needs the Streamable HTTP endpoint (http: true)',
    );
  });
});
