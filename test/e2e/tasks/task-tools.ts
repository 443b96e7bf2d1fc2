import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  McpContext,
  McpError,
  McpModule,
  text,
  Tool,
  type McpModuleOptions,
} from '../../../lib/index.js';

/** The e2e tools run as tasks: one handler each, plain call or task alike. */
@Injectable()
export class TaskTools {
  /** Resolves when `endless` saw its signal abort (the cancellation reached the handler). */
  endlessAborted!: Promise<void>;
  private markAborted!: () => void;

  constructor() {
    this.resetEndless();
  }

  resetEndless(): void {
    this.endlessAborted = new Promise((resolve) => (this.markAborted = resolve));
  }

  @Tool({
    name: 'build_report',
    description: 'Builds a report section by section',
    inputSchema: { month: z.string(), sections: z.number().int().min(1).default(3) },
    task: { support: 'optional', pollIntervalMs: 40 },
  })
  async buildReport({ month, sections }: { month: string; sections: number }, ctx: McpContext) {
    for (let i = 1; i <= sections; i++) {
      await delay(40, undefined, { signal: ctx.signal });
      ctx.progress(i, sections, `section ${i}/${sections}`);
    }
    return text(`Report ${month}: ${sections} sections${ctx.isTask ? ' (task)' : ''}`);
  }

  @Tool({
    name: 'approve_report',
    description: 'Asks whether to publish',
    task: { support: 'optional', pollIntervalMs: 40 },
  })
  async approveReport(_args: unknown, ctx: McpContext) {
    await delay(20, undefined, { signal: ctx.signal });
    const answer = await ctx.elicit({
      message: 'Publish the report?',
      requestedSchema: {
        type: 'object',
        properties: { publish: { type: 'boolean' } },
        required: ['publish'],
      },
    });
    const publish = answer.action === 'accept' && answer.content?.publish === true;
    return text(publish ? 'published' : 'kept');
  }

  @Tool({
    name: 'nightly_job',
    description: 'Runs only as a task',
    task: { support: 'required', pollIntervalMs: 40 },
  })
  nightlyJob() {
    return text('nightly done');
  }

  @Tool({ name: 'endless', description: 'Runs until cancelled', task: 'optional' })
  async endless(_args: unknown, ctx: McpContext) {
    try {
      await delay(60_000, undefined, { signal: ctx.signal });
    } finally {
      if (ctx.signal.aborted) this.markAborted();
    }
    return text('never');
  }

  @Tool({ name: 'broken_job', description: 'Fails with a JSON-RPC error', task: 'optional' })
  async brokenJob(_args: unknown, ctx: McpContext) {
    await delay(20, undefined, { signal: ctx.signal });
    throw new McpError(-32001, 'The report source is offline', { source: 'ledger' });
  }

  @Tool({ name: 'plain', description: 'Never a task' })
  plain() {
    return text('plain');
  }
}

/** A Nest app serving {@link TaskTools} on 127.0.0.1 (port 0), with the module options given. */
export async function startTaskApp(options: Partial<McpModuleOptions> = {}) {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'tasks-e2e', version: '1.0.0', ...options })],
    providers: [TaskTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return {
    app,
    url: new URL('/mcp', `http://127.0.0.1:${port}`),
    tools: app.get(TaskTools),
    async close() {
      (app.getHttpServer() as Server).closeIdleConnections();
      await app.close();
    },
  };
}
