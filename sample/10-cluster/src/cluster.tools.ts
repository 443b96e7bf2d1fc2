import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, Resource, Tool } from '../../../lib/index.js';
import { sleep } from '../../01-demo/src/demo.tools.js';

/** Which instance answered (the port it listens on, set by main.ts), so clients see the balancing. */
const instance = () => `instance:${process.env.PORT ?? '?'}`;

/** Tools of the cluster sample: each answer names the instance that served it. */
@Injectable()
export class ClusterTools {
  @Tool({
    description: 'Names the instance that served the call',
    inputSchema: { text: z.string() },
  })
  whoami({ text }: { text: string }) {
    return `${text} from ${instance()}`;
  }

  @Tool({
    description: 'Reports `steps` progress notifications, `delayMs` apart',
    inputSchema: {
      steps: z.number().int().min(1).max(200),
      delayMs: z.number().int().min(0).max(5000),
    },
  })
  async slow({ steps, delayMs }: { steps: number; delayMs: number }, ctx: McpContext) {
    for (let i = 1; i <= steps; i++) {
      await sleep(delayMs, ctx.signal);
      ctx.progress(i, steps, `step ${i}`);
    }
    return `done ${steps} on ${instance()}`;
  }

  @Tool({ description: 'Asks the user a question (elicitation) and returns the answer' })
  async ask(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return `${String(answer.content?.name ?? answer.action)} answered ${instance()}`;
  }

  @Tool({ description: 'Asks two questions (two input rounds under 2026-07-28)' })
  async askTwice(_args: unknown, ctx: McpContext) {
    const schema = { type: 'object' as const, properties: { name: { type: 'string' as const } } };
    const first = await ctx.elicit({ message: 'First name?', requestedSchema: schema });
    const last = await ctx.elicit({ message: 'Last name?', requestedSchema: schema });
    return `${String(first.content?.name)} ${String(last.content?.name)} on ${instance()}`;
  }

  @Tool({ description: 'Announces an update of `uri`', inputSchema: { uri: z.string() } })
  touch({ uri }: { uri: string }, ctx: McpContext) {
    ctx.notifyResourceUpdated(uri);
    return `touched ${uri} on ${instance()}`;
  }

  private readonly logger = new Logger('ClusterTools');

  @Tool({
    name: 'approve_report',
    description: 'Asks whether to publish the report (run as a task: answered with tasks/update)',
    task: { support: 'optional', pollIntervalMs: 50 },
  })
  async approveReport(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'Publish the report?',
      requestedSchema: {
        type: 'object',
        properties: { publish: { type: 'boolean' } },
        required: ['publish'],
      },
    });
    const publish = answer.action === 'accept' && answer.content?.publish === true;
    return `${publish ? 'published' : 'kept'} on ${instance()}`;
  }

  @Tool({
    name: 'long_report',
    description: 'Works on a report for up to a minute (a task; cancel it with tasks/cancel)',
    task: { support: 'optional', pollIntervalMs: 50 },
  })
  async longReport(_args: unknown, ctx: McpContext) {
    try {
      await sleep(60_000, ctx.signal);
    } finally {
      // Shows where the cancellation landed: the instance that runs the handler.
      if (ctx.signal.aborted) this.logger.warn(`long_report stopped on ${instance()}`);
    }
    return `report done on ${instance()}`;
  }

  @Resource({ uri: 'cluster://status', name: 'status', mimeType: 'text/plain' })
  status() {
    return `served by ${instance()}`;
  }
}
