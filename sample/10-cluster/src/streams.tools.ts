import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, McpServer, Tool } from '../../../lib/index.js';

/** Which instance answered (the port it listens on, set by main.ts). */
const instance = () => `instance:${process.env.PORT ?? '?'}`;

/**
 * Tools of the cluster sample that exercise streams and tasks across instances: a burst of large
 * log messages on the call's own stream, numbered notifications to the caller's session (through
 * the bus, so they land on its GET stream wherever that is), and a task that ends at once.
 */
@Injectable()
export class StreamsTools {
  constructor(private readonly server: McpServer) {}

  @Tool({
    description:
      'Sends `count` log messages of `bytes` characters each on the call’s stream, the rest `pauseMs` after the first',
    inputSchema: {
      count: z.number().int().min(1).max(2000),
      bytes: z.number().int().min(1).max(1_048_576),
      pauseMs: z.number().int().min(0).max(5000).default(0),
    },
  })
  async burst(
    { count, bytes, pauseMs }: { count: number; bytes: number; pauseMs: number },
    ctx: McpContext,
  ) {
    const filler = 'x'.repeat(bytes);
    for (let n = 1; n <= count; n++) {
      ctx.log('info', { n, filler });
      if (n === 1 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    return `burst of ${count} on ${instance()}`;
  }

  @Tool({
    description:
      'Sends `count` numbered `acme/tick` notifications to the caller’s session, `delayMs` apart (unrelated to the call: they go to its GET stream)',
    inputSchema: {
      tag: z.string(),
      count: z.number().int().min(1).max(1000),
      delayMs: z.number().int().min(0).max(5000).default(0),
    },
  })
  async announce(
    { tag, count, delayMs }: { tag: string; count: number; delayMs: number },
    ctx: McpContext,
  ) {
    const sessionId = ctx.session?.id;
    if (sessionId === undefined) return 'no session';
    for (let n = 1; n <= count; n++) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      this.server.sendNotification('acme/tick', { tag, n }, { sessionId });
    }
    return `announced ${count} from ${instance()}`;
  }

  @Tool({
    name: 'quick_report',
    description: 'A task that completes at once (2025 tasks/result on the instance running it)',
    task: { support: 'optional', pollIntervalMs: 50 },
    inputSchema: { delayMs: z.number().int().min(0).max(5000).default(0) },
  })
  async quickReport({ delayMs }: { delayMs: number }) {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return `quick report on ${instance()}`;
  }
}
