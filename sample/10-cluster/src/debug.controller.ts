import { Controller, Get } from '@nestjs/common';
import { McpHealthIndicator, McpServer } from '../../../lib/index.js';
import { cancelledHere } from './session.tools.js';

/**
 * What the cluster e2e specs read of one instance: its live session copies and cancellations, and
 * its health (what a terminus `/health` route would report for it).
 */
@Controller('debug')
export class DebugController {
  constructor(
    private readonly server: McpServer,
    private readonly health: McpHealthIndicator,
  ) {}

  @Get('stats')
  stats() {
    return { sessions: this.server.stats().sessions, cancelled: cancelledHere.count };
  }

  @Get('health')
  check() {
    return this.health.isHealthy('mcp');
  }
}
