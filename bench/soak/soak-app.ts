import 'reflect-metadata';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, McpModule, McpServer, Tool } from '../../lib/index.js';

/** The soak server's tools: an echo and a progress stream to resume. */
@Injectable()
class SoakTools {
  @Tool({ description: 'Echoes the text', inputSchema: { text: z.string() } })
  echo({ text }: { text: string }) {
    return text;
  }

  @Tool({
    description: 'Sends `steps` progress events, a turn apart',
    inputSchema: { steps: z.number() },
  })
  async stream({ steps }: { steps: number }, ctx: McpContext) {
    for (let step = 1; step <= steps; step++) {
      ctx.progress(step, steps);
      await nextTurn();
    }
    return `streamed ${steps}`;
  }
}

/** A booted soak server. */
export interface SoakApp {
  app: INestApplication;
  url: URL;
  server: McpServer;
}

/**
 * Boots the soak server on 127.0.0.1:0: limits raised above the soak's own counts (the soak
 * measures memory, not refusals) and a short idle timeout so abandoned sessions expire.
 */
export async function startSoakApp(sessions: number, idleMs: number): Promise<SoakApp> {
  @Module({
    imports: [
      McpModule.forRoot({
        name: 'nestjs-mcp-soak',
        version: '0.0.0',
        sessionIdleTimeoutMs: idleMs,
        limits: { maxSessions: sessions * 2, maxSessionsPerAddress: sessions * 2 },
      }),
    ],
    providers: [SoakTools],
  })
  class SoakModule {}
  const app = await NestFactory.create(SoakModule, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: new URL(`http://127.0.0.1:${port}/mcp`), server: app.get(McpServer) };
}
