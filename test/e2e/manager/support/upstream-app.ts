import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpContext, McpModule, McpServer, Prompt, Resource, Tool } from '../../../../lib/index.js';
import { Probe } from '../../support/probe.js';

/** The tools of an upstream server in the manager and gateway specs. */
@Injectable()
export class WeatherTools {
  readonly probe = new Probe();

  @Tool({ description: 'Forecast for a city', inputSchema: { city: z.string() } })
  get_forecast({ city }: { city: string }) {
    return `sunny in ${city}`;
  }

  @Tool({
    description: 'Reports progress, then answers',
    inputSchema: { steps: z.number().int().min(1) },
  })
  slow_count({ steps }: { steps: number }, ctx: McpContext) {
    for (let i = 1; i <= steps; i++) ctx.progress(i, steps, `step ${i}`);
    return `counted ${steps}`;
  }

  @Tool({ description: 'Waits until cancelled', inputSchema: { key: z.string() } })
  async wait_for_cancel({ key }: { key: string }, ctx: McpContext) {
    this.probe.signal(`started:${key}`);
    await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    this.probe.signal(`aborted:${key}`);
    throw ctx.signal.reason;
  }

  @Tool({ description: 'Asks the user for their name' })
  async ask_name(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return answer.action === 'accept' ? `hello ${String(answer.content?.name)}` : answer.action;
  }

  @Prompt({ description: 'A greeting', arguments: { who: z.string() } })
  greet({ who }: { who: string }) {
    return `Say hello to ${who}`;
  }

  @Resource({ uri: 'weather://stations', description: 'Station list', mimeType: 'text/plain' })
  stations() {
    return 'oslo,bergen';
  }
}

/** A running upstream Nest app on 127.0.0.1. */
export interface UpstreamApp {
  app: INestApplication;
  url: string;
  port: number;
  tools: WeatherTools;
  server: McpServer;
  close(): Promise<void>;
}

/** Boots `McpModule` + {@link WeatherTools} on 127.0.0.1 (`port` 0: any free port). */
export async function startUpstream(name: string, port = 0): Promise<UpstreamApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name, version: '1.0.0' })],
    providers: [WeatherTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(port, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const bound = (http.address() as AddressInfo).port;
  return {
    app,
    url: `http://127.0.0.1:${bound}/mcp`,
    port: bound,
    tools: app.get(WeatherTools),
    server: app.get(McpServer),
    async close() {
      http.closeAllConnections();
      await app.close();
    },
  };
}

export { freePort } from '../../support/free-port.js';
