import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerModule } from '@nestjs/throttler';
import {
  McpClientHealthIndicator,
  McpClientModule,
  McpHealthIndicator,
  McpModule,
  McpTelemetryModule,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { HealthController } from './health.controller.js';
import { LimitedTools } from './limited.tools.js';

/** Where the `self` client connects: this app's own endpoint (`PORT`, default 3000). */
const selfUrl = () => new URL(`http://127.0.0.1:${process.env.PORT ?? '3000'}/mcp`);

@Module({
  imports: [
    ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: 100 }] }),
    TerminusModule,
    McpModule.forRoot({ name: 'operations-sample', version: '1.0.0' }),
    // Spans and metrics go to the globally registered OpenTelemetry providers (none: no-ops).
    McpTelemetryModule.forRoot(),
    McpClientModule.register({
      name: 'self',
      lazyConnect: true,
      transport: () => new StreamableHttpClientTransport(selfUrl()),
    }),
  ],
  controllers: [HealthController],
  providers: [LimitedTools, McpHealthIndicator, McpClientHealthIndicator],
})
export class AppModule {}
