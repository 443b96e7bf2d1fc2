import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { FixtureElicitationTools } from './fixture-elicitation.tools.js';
import { FixturePrompts } from './fixture-prompts.js';
import { FixtureResources } from './fixture-resources.js';
import { FixtureModernTools } from './fixture-modern.tools.js';
import { FixtureMrtrTools } from './fixture-mrtr.tools.js';
import { FixtureTools } from './fixture-tools.js';
import { FixtureTaskTools } from './fixture-tasks.tools.js';

/**
 * The MCP conformance fixture: the tools, resources and prompts that
 * `@modelcontextprotocol/conformance server` expects, served on `/mcp`. With `MCP_FAST_PATH=1`
 * the endpoint is served by the module's fast path (in front of the framework's router).
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'mcp-conformance-test-server',
      version: '1.0.0',
      // The 0.1.16 runner opens one session per scenario and never deletes it.
      sessionIdleTimeoutMs: 5 * 60_000,
      fastPath: process.env.MCP_FAST_PATH === '1',
      // 2026-07-28 cache hints: lists and reads may be cached by anyone for 5 minutes.
      cache: {
        lists: { ttlMs: 300_000, cacheScope: 'public' },
        resources: { ttlMs: 300_000, cacheScope: 'public' },
        discover: { ttlMs: 300_000, cacheScope: 'public' },
      },
    }),
  ],
  providers: [
    FixtureTools,
    FixtureElicitationTools,
    FixtureModernTools,
    FixtureMrtrTools,
    FixtureTaskTools,
    FixturePrompts,
    FixtureResources,
  ],
})
export class AppModule {}
