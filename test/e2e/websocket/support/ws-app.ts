import 'reflect-metadata';
import { Controller, Get, Injectable, type INestApplication } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import { Test } from '@nestjs/testing';
import { MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { McpContext, McpModule, McpServer, Tool } from '../../../../lib/index.js';
import {
  createMcpWebSocketGateway,
  type McpWebSocketGatewayOptions,
} from '../../../../lib/nest/websocket/create-mcp-websocket-gateway.js';
import type { McpWebSocketGateway } from '../../../../lib/nest/websocket/mcp-websocket.gateway.js';
import { TestTools } from '../../support/test-tools.js';

/** An ordinary controller of the host app. */
@Controller('hello')
class HelloController {
  @Get()
  hello() {
    return { hello: 'world' };
  }
}

/** The host app's own `ws` gateway (Nest's `{ event, data }` messages), next to MCP. */
@WebSocketGateway({ path: '/app-ws' })
class AppEchoGateway {
  @SubscribeMessage('echo')
  echo(@MessageBody() data: unknown) {
    return { event: 'echoed', data };
  }
}

/** Tools only the WebSocket suites need. */
@Injectable()
export class WsTestTools {
  @Tool({
    description: 'Sends `count` log messages of `size` characters, yielding between them',
    inputSchema: { count: z.number().int(), size: z.number().int() },
  })
  async flood({ count, size }: { count: number; size: number }, ctx: McpContext) {
    const text = 'x'.repeat(size);
    let sent = 0;
    while (sent < count && !ctx.signal.aborted) {
      ctx.log('info', text);
      sent++;
      await nextTurn();
    }
    return `sent ${sent}`;
  }

  @Tool({ description: 'Destroys the WebSocket carrying this call (a dropped connection)' })
  drop_connection(_args: unknown, ctx: McpContext) {
    (ctx.transport.raw as { terminate(): void }).terminate();
    return 'never delivered';
  }
}

/** How the host app handles WebSockets of its own. */
export type HostAdapter = 'ws-adapter' | 'none';

/** A running host app with the MCP WebSocket gateway mounted on its HTTP server. */
export interface WsTestApp {
  app: INestApplication;
  origin: string;
  /** `ws://127.0.0.1:port/ws`. */
  wsUrl: URL;
  /** URL of a path on the same server, in ws or http scheme. */
  url(path: string, scheme?: 'ws' | 'http'): URL;
  tools: TestTools;
  server: McpServer;
  gateway: McpWebSocketGateway;
  close(): Promise<void>;
}

/** Options of {@link startWsApp}. */
export interface WsAppOptions {
  adapter?: HostAdapter;
  gateway?: McpWebSocketGatewayOptions;
  pageSize?: number;
}

/**
 * Boots a Nest (Express) app: `McpModule` (Streamable HTTP too) + {@link TestTools}, the MCP
 * WebSocket gateway at `/ws`, an ordinary controller, and, with `adapter: 'ws-adapter'`, the
 * app's own `WsAdapter` and `@WebSocketGateway` at `/app-ws`. Listens on 127.0.0.1:0.
 */
export async function startWsApp(options: WsAppOptions = {}): Promise<WsTestApp> {
  const adapter = options.adapter ?? 'ws-adapter';
  const Gateway = createMcpWebSocketGateway('/ws', options.gateway);
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'ws-e2e', version: '1.0.0', pageSize: options.pageSize })],
    controllers: [HelloController],
    providers: [
      TestTools,
      WsTestTools,
      Gateway,
      ...(adapter === 'ws-adapter' ? [AppEchoGateway] : []),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  if (adapter === 'ws-adapter') app.useWebSocketAdapter(new WsAdapter(app));
  await app.listen(0, '127.0.0.1');
  const httpServer = app.getHttpServer() as Server;
  const { port } = httpServer.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const url = (path: string, scheme: 'ws' | 'http' = 'ws') =>
    new URL(path, `${scheme}://127.0.0.1:${port}`);
  let closed = false;
  return {
    app,
    origin,
    wsUrl: url('/ws'),
    url,
    tools: app.get(TestTools),
    server: app.get(McpServer),
    gateway: app.get(Gateway),
    async close() {
      if (closed) return;
      closed = true;
      httpServer.closeIdleConnections?.();
      await app.close();
      httpServer.closeAllConnections?.();
    },
  };
}
