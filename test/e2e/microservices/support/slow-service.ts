import 'reflect-metadata';
import { Injectable, type INestApplication, type LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  McpMicroserviceServer,
  McpModule,
  McpServer,
  Tool,
  type McpMicroserviceOptions,
} from '../../../../lib/index.js';

/** A Nest logger keeping the warnings (what the service logs about refused messages). */
export class WarningRecorder implements LoggerService {
  readonly warnings: string[] = [];
  log(): void {}
  error(): void {}
  debug(): void {}
  verbose(): void {}
  warn(message: unknown): void {
    this.warnings.push(String(message));
  }
}

/** How many `slow` calls run now, the most that ran at once, and how many started, in this process. */
export const slowCalls = { running: 0, peak: 0, started: 0 };

/** A tool slower than the caller's liveness clock: its keep-alives must keep the call alive. */
@Injectable()
class SlowTools {
  @Tool({ description: 'Answers after `ms` milliseconds', inputSchema: { ms: z.number() } })
  async slow({ ms }: { ms: number }): Promise<string> {
    slowCalls.started++;
    slowCalls.peak = Math.max(slowCalls.peak, ++slowCalls.running);
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      slowCalls.running--;
    }
    return `slept ${ms} ms`;
  }
}

/**
 * Boots a service serving {@link SlowTools} on `endpoint` (keep-alives every 200 ms, no HTTP
 * listener), logging to `logger`. Nest's logger is process-wide: an app booted later with
 * `logger: false` silences it until `useLogger(logger)` again.
 */
export async function startSlowService(
  endpoint: McpMicroserviceOptions,
  logger: LoggerService,
): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'slow-service', version: '1.0.0' })],
    providers: [SlowTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger });
  const strategy = new McpMicroserviceServer(app.get(McpServer), { keepAliveMs: 200, ...endpoint });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  return app;
}
