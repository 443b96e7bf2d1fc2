import { Controller, Get } from '@nestjs/common';
import { McpServer } from '../../../lib/index.js';
import { cancelledHere } from './session.tools.js';

/** What the cluster e2e specs read of one instance: its live session copies and cancellations. */
@Controller('debug')
export class DebugController {
  constructor(private readonly server: McpServer) {}

  @Get('stats')
  stats() {
    return { sessions: this.server.stats().sessions, cancelled: cancelledHere.count };
  }
}
