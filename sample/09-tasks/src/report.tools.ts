import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, Tool } from '../../../lib/index.js';

/** Simulated time per region of the report (ms); `REPORT_STEP_MS` overrides it. */
const STEP_MS = Number(process.env.REPORT_STEP_MS ?? 400);

/**
 * A long-running tool: builds a sales report region by region (simulated work). Registered with
 * `task: 'optional'`: a client that can take a task gets one at once and polls it; any other
 * client waits for the plain answer. The handler is the same code either way.
 */
@Injectable()
export class ReportTools {
  @Tool({
    name: 'quarterly_report',
    description: 'Builds the quarterly sales report (takes a while: runs as a task)',
    inputSchema: {
      quarter: z.string().regex(/^\d{4}-Q[1-4]$/),
      regions: z.array(z.string()).min(1).default(['EMEA', 'AMER', 'APAC']),
    },
    outputSchema: { quarter: z.string(), total: z.number(), published: z.boolean() },
    task: { support: 'optional', pollIntervalMs: 100 },
  })
  async quarterlyReport(
    { quarter, regions }: { quarter: string; regions: string[] },
    ctx: McpContext,
  ) {
    let total = 0;
    for (const [index, region] of regions.entries()) {
      await delay(STEP_MS, undefined, { signal: ctx.signal }); // stops on tasks/cancel
      total += 1000 * (index + 1);
      ctx.progress(index + 1, regions.length, `${region} done (${index + 1}/${regions.length})`);
      ctx.log('info', `report ${quarter}: ${region} added`);
    }
    // Input in the middle of a task: the task waits in input_required until the client answers.
    const answer = await ctx.elicit({
      message: `The ${quarter} report totals ${total}. Publish it?`,
      requestedSchema: {
        type: 'object',
        properties: { publish: { type: 'boolean', title: 'Publish' } },
        required: ['publish'],
      },
    });
    const published = answer.action === 'accept' && answer.content?.publish === true;
    return { quarter, total, published };
  }
}
