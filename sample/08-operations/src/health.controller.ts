import { Controller, Get, UseGuards } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { Throttle } from '@nestjs/throttler';
import {
  McpClientHealthIndicator,
  McpHealthIndicator,
  McpThrottlerGuard,
} from '../../../lib/index.js';

/** `GET /health`: the MCP server and the client of this app's own endpoint. */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly mcp: McpHealthIndicator,
    private readonly clients: McpClientHealthIndicator,
  ) {}

  @Get('health')
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.mcp.isHealthy('mcp'),
      () => this.clients.isHealthy('self', { client: 'self' }),
    ]);
  }

  /** A plain route under the same guard: over the limit it answers HTTP 429. */
  @Get('rest')
  @UseGuards(McpThrottlerGuard)
  @Throttle({ default: { limit: 1, ttl: 60_000 } })
  rest() {
    return 'ok';
  }
}
