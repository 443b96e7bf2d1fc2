import { Injectable, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { McpThrottlerGuard, Tool } from '../../../lib/index.js';

/** Which instance answered (the port it listens on, set by main.ts). */
const instance = () => `instance:${process.env.PORT ?? '?'}`;

/**
 * A throttled tool: three calls a minute per caller for the whole service, since the guard counts
 * in Redis when the module has it (not three per instance).
 */
@Injectable()
export class LimitedTools {
  @Tool({ description: 'A costly lookup: three calls a minute per caller, service-wide' })
  @UseGuards(McpThrottlerGuard)
  @Throttle({ default: { limit: 3, ttl: 60_000 } })
  costly() {
    return `costly on ${instance()}`;
  }
}
