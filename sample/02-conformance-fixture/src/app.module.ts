import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { FIXTURE_CACHE, FIXTURE_PROVIDERS } from './fixture-providers.js';

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
      cache: FIXTURE_CACHE,
    }),
  ],
  providers: FIXTURE_PROVIDERS,
})
export class AppModule {}
