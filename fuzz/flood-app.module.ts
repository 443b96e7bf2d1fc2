import { Injectable, Module } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, McpModule, Tool } from '../lib/index.js';

/** Tools a flood leans on: a task that holds a little result, an elicitation, a plain echo. */
@Injectable()
class FloodTools {
  @Tool({
    description: 'A short task whose record keeps a small result until its TTL',
    inputSchema: { n: z.number() },
    task: 'optional',
  })
  async flood_task({ n }: { n: number }) {
    await delay(5);
    return `task ${n} done: ${'x'.repeat(512)}`;
  }

  @Tool({ description: 'Asks the client something' })
  async ask(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return answer.action;
  }

  @Tool({ description: 'Answers at once', inputSchema: { text: z.string() } })
  echo({ text }: { text: string }) {
    return `echo: ${text}`;
  }
}

/**
 * The app the floods run against: default limits (the point is that they hold), a short
 * server-to-client timeout so unanswered elicitations end within the run.
 */
@Module({
  imports: [McpModule.forRoot({ name: 'flood', version: '1', requestTimeoutMs: 2000 })],
  providers: [FloodTools],
})
export class FloodAppModule {}
