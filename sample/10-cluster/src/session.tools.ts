import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, Tool } from '../../../lib/index.js';
import { sleep } from '../../01-demo/src/demo.tools.js';

/** Which instance answered (the port it listens on, set by main.ts). */
const instance = () => `instance:${process.env.PORT ?? '?'}`;

/** Handlers stopped by a cancellation on this instance (read by `GET /debug/stats`). */
export const cancelledHere = { count: 0 };

/** Tools showing what a session keeps across instances: its state, and cancellation of its calls. */
@Injectable()
export class SessionTools {
  @Tool({ description: 'Adds one to the session counter (ctx.session.state) and returns it' })
  count(_args: unknown, ctx: McpContext) {
    const state = ctx.session!.state;
    const next = Number(state.get('count') ?? 0) + 1;
    state.set('count', next);
    return `${next} on ${instance()}`;
  }

  @Tool({
    description: 'Stores `bytes` characters in the session state (an oversized state fails)',
    inputSchema: { bytes: z.number().int().min(0).max(10_000_000) },
  })
  hoard({ bytes }: { bytes: number }, ctx: McpContext) {
    ctx.session!.state.set('hoard', 'x'.repeat(bytes));
    return `stored on ${instance()}`;
  }

  @Tool({ description: 'Waits up to a minute unless cancelled; counts cancellations here' })
  async wait(_args: unknown, ctx: McpContext) {
    try {
      await sleep(60_000, ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted) cancelledHere.count++;
      throw error;
    }
    return `waited on ${instance()}`;
  }
}
