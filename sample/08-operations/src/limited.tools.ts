import { Injectable, UseGuards } from '@nestjs/common';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { McpThrottlerGuard, Prompt, Tool } from '../../../lib/index.js';

/** Two calls a minute per caller and tool (`free` is not limited). */
@Injectable()
@UseGuards(McpThrottlerGuard)
@Throttle({ default: { limit: 2, ttl: 60_000 } })
export class LimitedTools {
  @Tool({ description: 'A costly search' })
  search() {
    return 'results';
  }

  @Tool({ description: 'Another costly tool, with its own budget' })
  other() {
    return 'other';
  }

  @Tool({ description: 'Not limited' })
  @SkipThrottle()
  free() {
    return 'free';
  }

  @Prompt({ description: 'A limited prompt' })
  greeting() {
    return 'hello';
  }
}
