import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpContext, McpModule, Tool, type McpModuleOptions } from '../../../../lib/index.js';
import { EndlessProbe } from '../../support/endless-probe.js';

/** Tools that send the client what it gave them, or what JSON cannot encode. */
@Injectable()
export class ReliabilityTools {
  /** What `endless` emitted and whether it was unsubscribed. */
  readonly endless$ = new EndlessProbe();

  /** Resolves once the `endless` Observable was unsubscribed (its teardown ran). */
  get endlessTornDown(): Promise<void> {
    return this.endless$.tornDown;
  }

  /** Values `endless` emitted so far. */
  get endlessEmitted(): number {
    return this.endless$.emitted;
  }

  /** Arms {@link endlessTornDown} for the next call. */
  resetEndless(): void {
    this.endless$.reset();
  }

  @Tool({ description: 'An Observable that emits progress until unsubscribed' })
  endless() {
    return this.endless$.observable();
  }

  @Tool({
    description: 'Logs its payload back to the client',
    inputSchema: { payload: z.unknown() },
  })
  log_back({ payload }: { payload: unknown }, ctx: McpContext) {
    ctx.log('info', payload);
    return 'logged';
  }

  @Tool({ description: 'Sends a log notification JSON cannot encode, then returns' })
  bad_log(_args: unknown, ctx: McpContext) {
    ctx.log('info', { n: 1n });
    return 'done';
  }

  @Tool({ description: 'Returns a result JSON cannot encode' })
  bad_result() {
    return { content: [{ type: 'text', text: 'x' }], _meta: { n: 1n } };
  }
}

/** A running app serving {@link ReliabilityTools} on Streamable HTTP, HTTP+SSE and WebSocket. */
export interface ReliabilityApp {
  app: INestApplication;
  origin: string;
  close(): Promise<void>;
}

/** Boots the app on 127.0.0.1:0 with every HTTP-borne transport mounted. */
export async function startReliabilityApp(
  options: Partial<McpModuleOptions> = {},
): Promise<ReliabilityApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({
        name: 'reliability',
        version: '1.0.0',
        sse: true,
        websocket: true,
        ...options,
      }),
    ],
    providers: [ReliabilityTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const { port } = server.address() as AddressInfo;
  return {
    app,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeIdleConnections();
      await app.close();
    },
  };
}
