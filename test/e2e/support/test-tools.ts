import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import {
  McpContext,
  McpError,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  toolError,
  type Mcp,
} from '../../../lib/index.js';
import { Probe } from './probe.js';

/** Log levels the `progress_logs` tool emits, one message each, lowest first. */
export const EMITTED_LOG_LEVELS: Mcp.LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
];

/** What a tool saw when a client request it made failed. */
export interface SeenError {
  code?: number;
  message: string;
}

function seen(error: unknown): SeenError {
  if (error instanceof McpError) return { code: error.code, message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Resolves when the signal aborts (never otherwise); no timers involved. */
function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/**
 * The tools, prompts and resources every e2e suite serves. Observable side effects go through
 * {@link probe}, so tests await facts (a tool started, its signal fired) instead of sleeping.
 */
@Injectable()
export class TestTools {
  readonly probe = new Probe();

  // ---------------------------------------------------------------- tools

  @Tool({
    description: 'Echoes the given text',
    inputSchema: { text: z.string() },
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return `echo: ${text}`;
  }

  @Tool({
    description: 'Adds two numbers (structured output)',
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
  })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }

  @Tool({
    description: 'Declares an outputSchema but returns a non-conforming value',
    outputSchema: { sum: z.number() },
  })
  broken_output() {
    return { sum: 'not a number' };
  }

  @Tool({
    description: 'Places an order (nested, constrained arguments)',
    inputSchema: {
      item: z.string(),
      quantity: z.number().int().min(1),
      shipping: z.object({ express: z.boolean() }),
    },
  })
  place_order(args: { item: string; quantity: number; shipping: { express: boolean } }) {
    return `ordered ${args.quantity} x ${args.item}${args.shipping.express ? ' (express)' : ''}`;
  }

  @Tool({
    description: 'Reports progress for each step, then logs once at each level',
    inputSchema: { steps: z.number().int().min(1).max(20) },
  })
  progress_logs({ steps }: { steps: number }, ctx: McpContext) {
    for (let i = 1; i <= steps; i++) ctx.progress(i, steps, `step ${i}/${steps}`);
    for (const level of EMITTED_LOG_LEVELS) ctx.log(level, { level }, 'test-tools');
    return `did ${steps} steps`;
  }

  @Tool({
    description: 'Asks the client model (sampling)',
    inputSchema: { prompt: z.string() },
  })
  async ask_model({ prompt }: { prompt: string }, ctx: McpContext) {
    try {
      const answer = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 64,
        systemPrompt: 'test system prompt',
      });
      const content = answer.content as { type: string; text?: string };
      return `model ${answer.model} said: ${content.text ?? content.type}`;
    } catch (error) {
      this.probe.signal('error:ask_model', seen(error));
      return toolError(`sampling failed: ${seen(error).message}`);
    }
  }

  @Tool({
    description: 'Asks the user a question (form elicitation)',
    inputSchema: { question: z.string() },
  })
  async ask_user({ question }: { question: string }, ctx: McpContext) {
    try {
      const answer = await ctx.elicit({
        message: question,
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
          required: ['name'],
        },
      });
      if (answer.action !== 'accept') return `user chose ${answer.action}`;
      return `user is ${String(answer.content?.name)}, ${String(answer.content?.age)}`;
    } catch (error) {
      this.probe.signal('error:ask_user', seen(error));
      return toolError(`elicitation failed: ${seen(error).message}`);
    }
  }

  @Tool({
    description:
      'Runs until cancelled; records when its AbortSignal fires; then throws the reason, or a ' +
      'plain Error of its own with `plain`',
    inputSchema: { key: z.string(), plain: z.boolean().optional() },
  })
  async wait_for_cancel({ key, plain }: { key: string; plain?: boolean }, ctx: McpContext) {
    this.probe.signal(`started:${key}`);
    const reason = await aborted(ctx.signal);
    this.probe.signal(`aborted:${key}`, reason);
    throw plain ? new Error(`stopped: ${key}`) : reason;
  }

  @Tool({
    description: 'Streams progress 1, waits for the test to release it, streams 2 and 3, returns',
    inputSchema: { key: z.string() },
  })
  async stream_until_released({ key }: { key: string }, ctx: McpContext) {
    const raw = ctx.transport.raw as IncomingMessage | undefined;
    raw?.socket?.once('close', () => this.probe.signal(`disconnected:${key}`));
    ctx.progress(1, 3, 'first');
    this.probe.signal(`started:${key}`);
    await this.probe.wait(`release:${key}`);
    ctx.progress(2, 3, 'second');
    ctx.log('info', 'after release');
    ctx.progress(3, 3, 'third');
    this.probe.signal(`finished:${key}`, { aborted: ctx.signal.aborted });
    return `finished ${key}`;
  }

  @Tool({
    description: 'Notifies subscribers that a resource changed',
    inputSchema: { uri: z.string() },
  })
  touch_resource({ uri }: { uri: string }, ctx: McpContext) {
    ctx.notifyResourceUpdated(uri);
    return `touched ${uri}`;
  }

  @Tool({ description: 'Closes its own SSE connection (SSE polling), then returns' })
  poll_me(_args: unknown, ctx: McpContext) {
    ctx.closeSseStream();
    return 'result after polling';
  }

  @Tool({
    description: 'Measures a (large) string argument',
    inputSchema: { payload: z.string() },
    outputSchema: { length: z.number() },
  })
  measure({ payload }: { payload: string }) {
    return { length: payload.length };
  }

  @Tool({ description: 'Tells what the server knows about this request' })
  whoami(_args: unknown, ctx: McpContext) {
    return {
      sessionId: ctx.session?.id ?? null,
      protocolVersion: ctx.protocolVersion,
    };
  }

  // -------------------------------------------------------------- prompts

  @Prompt({
    description: 'Summarise a topic',
    arguments: { topic: z.string(), style: z.string().optional() },
    complete: {
      topic: (value) =>
        ['nestjs', 'nest-cli', 'mcp', 'rxjs'].filter((t) => t.startsWith(value.toLowerCase())),
    },
  })
  summarise({ topic, style }: { topic: string; style?: string }) {
    return `Summarise ${topic}${style ? ` in a ${style} style` : ''}.`;
  }

  @Prompt({ description: 'Says hello' })
  greeting() {
    return 'Hello!';
  }

  @Prompt({
    description: 'Reviews code',
    arguments: [{ name: 'code', required: true, description: 'The code to review' }],
  })
  review_code({ code }: { code: string }) {
    return [{ role: 'user' as const, content: { type: 'text' as const, text: `Review: ${code}` } }];
  }

  // ------------------------------------------------------------ resources

  @Resource({ uri: 'test://static/readme', name: 'readme', mimeType: 'text/plain' })
  readme() {
    return 'the readme';
  }

  @Resource({ uri: 'test://static/license', name: 'license', mimeType: 'text/plain' })
  license() {
    return 'MIT';
  }

  @Resource({ uri: 'test://static/changelog', name: 'changelog', mimeType: 'text/plain' })
  changelog() {
    return 'v1: first';
  }

  @ResourceTemplate({
    uriTemplate: 'test://users/{userId}/posts/{postId}',
    name: 'user_post',
    mimeType: 'application/json',
    complete: {
      userId: (value) => ['alice', 'albert', 'bob'].filter((u) => u.startsWith(value)),
    },
  })
  userPost(variables: Record<string, string | string[]>) {
    return JSON.stringify(variables);
  }

  @ResourceTemplate({ uriTemplate: 'test://tags/{tag}', name: 'tag', mimeType: 'text/plain' })
  tag({ tag }: Record<string, string | string[]>) {
    return `tag ${String(tag)}`;
  }

  @ResourceTemplate({
    uriTemplate: 'test://search{?q,limit}',
    name: 'search',
    mimeType: 'application/json',
  })
  search(variables: Record<string, string | string[]>) {
    return JSON.stringify(variables);
  }
}

/** Number of tools, prompts, resources and templates {@link TestTools} declares. */
export const TEST_TOOL_COUNT = 13;
export const TEST_PROMPT_COUNT = 3;
export const TEST_RESOURCE_COUNT = 3;
export const TEST_TEMPLATE_COUNT = 3;
