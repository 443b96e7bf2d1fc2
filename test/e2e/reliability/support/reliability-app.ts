import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Observable } from 'rxjs';
import { z } from 'zod';
import { McpContext, McpModule, Tool, type McpModuleOptions } from '../../../../lib/index.js';

/** Tools that send the client what it gave them, or what JSON cannot encode. */
@Injectable()
export class ReliabilityTools {
  /** Resolves once the `endless` Observable was unsubscribed (its teardown ran). */
  endlessTornDown!: Promise<void>;
  /** Values `endless` emitted so far. */
  endlessEmitted = 0;
  private markTornDown!: () => void;

  constructor() {
    this.resetEndless();
  }

  /** Arms {@link endlessTornDown} for the next call. */
  resetEndless(): void {
    this.endlessEmitted = 0;
    this.endlessTornDown = new Promise((resolve) => (this.markTornDown = resolve));
  }

  @Tool({ description: 'An Observable that emits progress until unsubscribed' })
  endless() {
    return new Observable<number>((subscriber) => {
      const timer = setInterval(() => subscriber.next(++this.endlessEmitted), 5);
      return () => {
        clearInterval(timer);
        this.markTornDown();
      };
    });
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
