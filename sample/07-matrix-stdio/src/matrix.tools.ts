import { Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, Tool, toolError } from '../../../lib/index.js';
import { MatrixState } from './matrix.state.js';

/** URI of the counter resource that `bump_counter` changes. */
export const COUNTER_URI = 'matrix://counter';

/** Logger name of the `count` tool's log messages. */
export const MATRIX_LOGGER = 'matrix';

/** Resolves with the abort reason once `signal` fires (no timers involved). */
function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** Text of the first text block of a sampling result (a block or, since 2025-11-25, an array). */
function sampledText(content: unknown): string {
  const blocks: unknown[] = Array.isArray(content) ? content : [content];
  const first = blocks[0] as { type?: unknown; text?: unknown } | undefined;
  return first?.type === 'text' && typeof first.text === 'string' ? first.text : '';
}

/**
 * The tools of the transport matrix: one per protocol feature, identical on every transport
 * (Streamable HTTP, legacy HTTP+SSE, WebSocket, stdio).
 */
@Injectable()
export class MatrixTools {
  constructor(private readonly state: MatrixState) {}

  /** Returns its argument. */
  @Tool({
    description: 'Echoes the given text',
    inputSchema: { text: z.string() },
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return text;
  }

  /**
   * Counts to `steps`: each step logs at `debug` and `info` (the client's `logging/setLevel`
   * filters) and reports progress `step` of `steps`, yielding a turn between steps. With `gate`,
   * it pauses after the first step until a client calls `open_gate` with that key (so a client
   * can see progress arrive while the call is still running).
   */
  @Tool({
    description: 'Counts to `steps`, logging and reporting progress at each step',
    inputSchema: { steps: z.number().int().min(1).max(20), gate: z.string().optional() },
  })
  async count({ steps, gate }: { steps: number; gate?: string }, ctx: McpContext) {
    for (let step = 1; step <= steps; step++) {
      ctx.log('debug', { step }, MATRIX_LOGGER);
      ctx.log('info', { step }, MATRIX_LOGGER);
      ctx.progress(step, steps, `step ${step} of ${steps}`);
      if (step === 1 && gate !== undefined) await this.state.passGate(gate, ctx.signal);
      await nextTurn(undefined, { signal: ctx.signal });
    }
    return `counted to ${steps}`;
  }

  /** Lets the `count` call paused at `key` go on. */
  @Tool({
    description: 'Lets a `count` call paused at gate `key` go on',
    inputSchema: { key: z.string() },
  })
  open_gate({ key }: { key: string }) {
    this.state.openGate(key);
    return `opened ${key}`;
  }

  /** Asks the client's model (sampling) and returns `<model>: <text>`. */
  @Tool({ description: 'Asks the client model (sampling)', inputSchema: { prompt: z.string() } })
  async ask_model({ prompt }: { prompt: string }, ctx: McpContext) {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 32,
    });
    return `${answer.model}: ${sampledText(answer.content)}`;
  }

  /** Asks the user for a name and an age (form elicitation). */
  @Tool({ description: 'Asks the user (form elicitation)', inputSchema: { question: z.string() } })
  async ask_user({ question }: { question: string }, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: question,
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
        required: ['name'],
      },
    });
    if (answer.action !== 'accept') return toolError(`the user chose ${answer.action}`);
    return `${String(answer.content?.name)} (${String(answer.content?.age)})`;
  }

  /** Adds `by` to the counter and notifies subscribers of `matrix://counter`. */
  @Tool({
    description: `Adds to the counter and notifies subscribers of ${COUNTER_URI}`,
    inputSchema: { by: z.number().int().default(1) },
    outputSchema: { counter: z.number() },
  })
  bump_counter({ by }: { by: number }, ctx: McpContext) {
    const counter = this.state.bump(by);
    ctx.notifyResourceUpdated(COUNTER_URI);
    return { counter };
  }

  /** Runs until cancelled; records the start and the abort (see `cancellation_status`). */
  @Tool({
    description: 'Runs until cancelled, recording when its AbortSignal fires',
    inputSchema: { key: z.string() },
  })
  async wait_for_cancel({ key }: { key: string }, ctx: McpContext) {
    this.state.started(key);
    const reason = await whenAborted(ctx.signal);
    this.state.aborted(key, reason);
    throw reason;
  }

  /** What the server recorded of the `wait_for_cancel` call identified by `key`. */
  @Tool({
    description: 'Reports whether the wait_for_cancel call `key` started and was aborted',
    inputSchema: { key: z.string() },
    outputSchema: { started: z.boolean(), aborted: z.boolean(), reason: z.string().optional() },
    annotations: { readOnlyHint: true },
  })
  cancellation_status({ key }: { key: string }) {
    return { ...this.state.cancellation(key) };
  }
}
