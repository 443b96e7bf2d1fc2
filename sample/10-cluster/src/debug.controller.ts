import { Controller, Get } from '@nestjs/common';
import { McpHealthIndicator, McpServer } from '../../../lib/index.js';
import { cancelledHere } from './session.tools.js';
import { endedHere } from './session-end.hooks.js';

/**
 * What the cluster e2e specs read of one instance: its live session copies, cancellations, the
 * session ends its hook ran for, and the MCP health indicator's result (stores, instances, Redis
 * counters).
 */
@Controller('debug')
export class DebugController {
  constructor(
    private readonly server: McpServer,
    private readonly health: McpHealthIndicator,
  ) {}

  @Get('stats')
  stats() {
    return {
      sessions: this.server.stats().sessions,
      cancelled: cancelledHere.count,
      ended: endedHere,
    };
  }

  @Get('health')
  check() {
    return this.health.isHealthy('mcp');
  }
}
