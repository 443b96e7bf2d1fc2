import { Injectable } from '@nestjs/common';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, McpError, text, Tool } from '../../../lib/index.js';

const confirmSchema = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const } },
  required: ['confirm'],
};

/**
 * The conformance fixture's tools of the tasks scenarios (`tasks-*`, the 2026-07-28
 * `io.modelcontextprotocol/tasks` extension; SEP-2663). The same tools serve 2025-11-25
 * task-augmented calls.
 */
@Injectable()
export class FixtureTaskTools {
  /** Sync only: never a task. */
  @Tool({ name: 'greet', description: 'Greets by name', inputSchema: { name: z.string() } })
  greet({ name }: { name: string }) {
    return text(`Hello, ${name}!`);
  }

  /** Sleeps `seconds` (0: at once), reporting progress; stops when the task is cancelled. */
  @Tool({
    name: 'slow_compute',
    description: 'Sleeps for `seconds`, then answers (a task when the client can take one)',
    inputSchema: { seconds: z.number().min(0), label: z.string().optional() },
    task: 'optional',
  })
  async slowCompute({ seconds, label }: { seconds: number; label?: string }, ctx: McpContext) {
    const steps = Math.max(1, Math.ceil(seconds));
    for (let step = 1; step <= steps && seconds > 0; step++) {
      await delay((seconds * 1000) / steps, undefined, { signal: ctx.signal });
      ctx.progress(step, steps, `${label ?? 'compute'}: ${step}/${steps}`);
    }
    return text(`Computed ${label ?? 'result'} after ${seconds}s`);
  }

  /** A tool execution error after about a second: the task completes with `isError`. */
  @Tool({ name: 'failing_job', description: 'Fails as a tool error after ~1s', task: 'required' })
  async failingJob(_args: unknown, ctx: McpContext) {
    await delay(1000, undefined, { signal: ctx.signal });
    return { content: [text('The job failed: the input data was rejected')], isError: true };
  }

  /** A protocol error: the task fails with the JSON-RPC error inlined. */
  @Tool({
    name: 'protocol_error_job',
    description: 'Fails with a JSON-RPC error',
    task: 'optional',
  })
  async protocolErrorJob(_args: unknown, ctx: McpContext) {
    await delay(200, undefined, { signal: ctx.signal });
    throw new McpError(-32603, 'The job crashed while processing');
  }

  /** Asks for a confirmation through the task (`input_required`), then completes. */
  @Tool({
    name: 'confirm_delete',
    description: 'Asks to confirm deleting a file, then deletes it',
    inputSchema: { filename: z.string() },
    task: 'optional',
  })
  async confirmDelete({ filename }: { filename: string }, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: `Delete ${filename}?`,
      requestedSchema: confirmSchema,
    });
    const yes = answer.action === 'accept' && answer.content?.confirm === true;
    return text(yes ? `Deleted ${filename}` : `Kept ${filename}`);
  }

  /** Two elicitations at once: two outstanding input requests. */
  @Tool({ name: 'multi_input', description: 'Asks two questions at once', task: 'optional' })
  async multiInput(_args: unknown, ctx: McpContext) {
    const schema = {
      type: 'object' as const,
      properties: { name: { type: 'string' as const } },
    };
    const [first, second] = await Promise.all([
      ctx.elicit({ message: 'First name?', requestedSchema: schema }),
      ctx.elicit({ message: 'Second name?', requestedSchema: schema }),
    ]);
    return text(`Got ${JSON.stringify(first.content)} and ${JSON.stringify(second.content)}`);
  }

  /** Asks for a name within the request (MRTR), then becomes a task that uses it. */
  @Tool({
    name: 'test_tool_with_task',
    description: 'Asks for user_name synchronously, then runs as a task',
    task: { support: 'required', start: 'manual' },
  })
  async toolWithTask(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit(
      {
        message: 'What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      { key: 'user_name' },
    );
    await ctx.startTask();
    await delay(300, undefined, { signal: ctx.signal });
    return text(`Hello, ${String(answer.content?.name ?? 'stranger')}, from a task`);
  }
}
