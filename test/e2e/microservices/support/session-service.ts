import 'reflect-metadata';
import { Inject, Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  McpContext,
  McpMicroserviceServer,
  McpModule,
  McpServer,
  Tool,
  type McpMicroserviceOptions,
} from '../../../../lib/index.js';
import { CLAIM_KEY } from './service-app.js';

const REPLICA = 'SESSION_REPLICA';

/** What the service's handlers saw, for the test to check (all replicas of the process). */
export const seen = {
  /** Replicas whose `wait_for_cancel` handler saw its AbortSignal fire, with the reason. */
  aborted: [] as Array<{ replica: string; reason: string }>,
  /** Replicas where `wait_for_cancel` started. */
  waiting: [] as string[],
};

/** Tools that need a 2025-era session across the hop: progress, elicitation, sampling, cancel. */
@Injectable()
class SessionTools {
  constructor(@Inject(REPLICA) private readonly replica: string) {}

  @Tool({
    description: 'Asks the user to confirm an order (after `delayMs`), reporting progress',
    inputSchema: { item: z.string(), delayMs: z.number().optional() },
  })
  async order({ item, delayMs }: { item: string; delayMs?: number }, ctx: McpContext) {
    ctx.progress(1, 3, 'checking stock');
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = await ctx.elicit({
      message: `Confirm the order of ${item}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    ctx.progress(2, 3, 'ordering');
    const confirmed = answer.action === 'accept' && answer.content?.confirm === true;
    ctx.progress(3, 3, 'done');
    return `${item}: ${confirmed ? 'ordered' : 'not ordered'} (replica ${this.replica}, caller ${
      ctx.principal ?? 'anonymous'
    }, session ${ctx.session ? 'yes' : 'no'})`;
  }

  @Tool({ description: "Asks the client's model for a haiku" })
  async haiku(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    const reply = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'A haiku about NATS' } }],
      maxTokens: 50,
    });
    const content = [reply.content].flat()[0] as { text?: string } | undefined;
    return content?.text ?? '?';
  }

  @Tool({ description: 'Runs until cancelled' })
  waitForCancel(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    seen.waiting.push(this.replica);
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        seen.aborted.push({ replica: this.replica, reason: String(ctx.signal.reason) });
        resolve('cancelled');
      });
    });
  }

  @Tool({ description: 'Which replica serves this session' })
  whoami(_args: Record<string, never>): string {
    return this.replica;
  }
}

/** One replica serving {@link SessionTools} over a broker, in both eras. */
export interface SessionReplica {
  app: INestApplication;
  strategy: McpMicroserviceServer;
  close(): Promise<void>;
}

/** Boots a replica named `replica` on `endpoint` (no HTTP listener; both protocol eras). */
export async function startSessionReplica(
  replica: string,
  endpoint: McpMicroserviceOptions,
): Promise<SessionReplica> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: `session-service-${replica}`, version: '1.0.0' })],
    providers: [SessionTools, { provide: REPLICA, useValue: replica }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  const strategy = new McpMicroserviceServer(app.get(McpServer), {
    keepAliveMs: 200,
    principalClaims: { key: CLAIM_KEY, audience: 'shop' },
    ...endpoint,
  });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  return { app, strategy, close: () => app.close() };
}
