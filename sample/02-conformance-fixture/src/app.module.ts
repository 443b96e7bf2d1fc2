import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { FixtureElicitationTools } from './fixture-elicitation.tools.js';
import { FixturePrompts } from './fixture-prompts.js';
import { FixtureResources } from './fixture-resources.js';
import { FixtureTools } from './fixture-tools.js';

/**
 * The MCP conformance fixture: the tools, resources and prompts that
 * `@modelcontextprotocol/conformance server` expects, served on `/mcp`.
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'mcp-conformance-test-server',
      version: '1.0.0',
      // The 0.1.16 runner opens one session per scenario and never deletes it.
      sessionIdleTimeoutMs: 5 * 60_000,
    }),
  ],
  providers: [FixtureTools, FixtureElicitationTools, FixturePrompts, FixtureResources],
})
export class AppModule {}
