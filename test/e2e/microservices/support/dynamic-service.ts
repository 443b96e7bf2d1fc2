import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
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

/** What the service's handlers saw, for the test to check. */
export const dynamicSeen = {
  /** `wait_for_cancel` calls that started. */
  waiting: 0,
  /** The abort reasons `wait_for_cancel` handlers saw on `ctx.signal`. */
  aborted: [] as string[],
};

/** Tools of a 2026-07-28-only service: one that adds a tool at run time, one that waits for a cancel. */
@Injectable()
class DynamicTools {
  constructor(private readonly server: McpServer) {}

  @Tool({ description: 'Forecast for a city', inputSchema: { city: z.string() } })
  forecast({ city }: { city: string }) {
    return `${city}: sunny`;
  }

  @Tool({
    description: 'Registers a new tool on this service at run time',
    inputSchema: { name: z.string() },
  })
  addTool({ name }: { name: string }) {
    this.server.registerTool({ name, description: `Added at run time` }, () => `${name} ran`);
    return `added ${name}`;
  }

  @Tool({ description: 'Runs until cancelled' })
  waitForCancel(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    dynamicSeen.waiting += 1;
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        dynamicSeen.aborted.push(String(ctx.signal.reason));
        resolve('cancelled');
      });
    });
  }
}

/** One replica of the service, reached only over the broker, in the 2026-07-28 era only. */
export interface DynamicService {
  app: INestApplication;
  close(): Promise<void>;
}

/** Boots the service on `endpoint` (no HTTP listener). */
export async function startDynamicService(
  endpoint: McpMicroserviceOptions,
): Promise<DynamicService> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'dynamic', version: '1.0.0', protocolEras: 'modern' })],
    providers: [DynamicTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  const strategy = new McpMicroserviceServer(app.get(McpServer), { keepAliveMs: 200, ...endpoint });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  return { app, close: () => app.close() };
}
