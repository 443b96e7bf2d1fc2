import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  McpContext,
  McpError,
  McpMethod,
  McpModule,
  McpServer,
  OnMcpClientInitialized,
  OnMcpNotification,
  OnMcpSessionEnded,
  Tool,
  type McpClientInitializedEvent,
  type McpClientNotificationHookEvent,
  type McpModuleExtras,
  type McpModuleOptions,
  type McpSessionEndedEvent,
} from '../../../lib/index.js';

/** A global `unlock` tool that gives the calling session its own `secret` tool, and `lock`. */
@Injectable()
export class SessionTools {
  @Tool({ description: 'Unlocks the secret tool for this session only' })
  unlock(_args: unknown, ctx: McpContext) {
    ctx.sessionComponents.registerTool(
      { name: 'secret', description: 'Only for this session', inputSchema: { n: z.number() } },
      ({ n }) => `secret ${n * 2} for ${ctx.session?.id ?? 'connection'}`,
    );
    return 'unlocked';
  }

  @Tool({ description: 'Removes the secret tool of this session' })
  lock(_args: unknown, ctx: McpContext) {
    return ctx.sessionComponents.removeTool('secret') ? 'locked' : 'nothing to lock';
  }

  @Tool({ description: 'Tries to register a per-session tool named like a global one' })
  clash(_args: unknown, ctx: McpContext) {
    ctx.sessionComponents.registerTool({ name: 'unlock' }, () => 'never');
    return 'registered';
  }
}

/** Custom methods and lifecycle hooks, recording what it saw. */
@Injectable()
export class HookRecorder {
  readonly initialized: McpClientInitializedEvent[] = [];
  readonly notifications: McpClientNotificationHookEvent[] = [];
  readonly rootsChanged: McpClientNotificationHookEvent[] = [];
  readonly ended: McpSessionEndedEvent[] = [];

  @McpMethod('acme/ping', { params: { echo: z.string() } })
  ping({ echo }: { echo: string }, ctx: McpContext) {
    return { pong: echo, era: ctx.era, session: ctx.session?.id ?? null };
  }

  @McpMethod('acme/fail')
  fail(params: { kind?: string }) {
    if (params.kind === 'mcp') throw new McpError(-32001, 'Acme refuses', { reason: 'test' });
    throw new Error('secret internal detail');
  }

  @OnMcpClientInitialized()
  onInitialized(event: McpClientInitializedEvent) {
    this.initialized.push(event);
  }

  @OnMcpNotification()
  onNotification(event: McpClientNotificationHookEvent) {
    this.notifications.push(event);
  }

  @OnMcpNotification('notifications/roots/list_changed')
  onRoots(event: McpClientNotificationHookEvent) {
    this.rootsChanged.push(event);
  }

  @OnMcpSessionEnded()
  onEnded(event: McpSessionEndedEvent) {
    this.ended.push(event);
  }
}

/** A running app with {@link SessionTools} and {@link HookRecorder}, HTTP and WebSocket. */
export interface HermesApp {
  app: INestApplication;
  url: URL;
  wsUrl: URL;
  server: McpServer;
  hooks: HookRecorder;
  close(): Promise<void>;
}

/** The principal of a request: its `x-user` header (stands for an auth layer). */
export const principalOf = (req: IncomingMessage) => {
  const user = req.headers['x-user'];
  return typeof user === 'string' ? user : undefined;
};

/** Boots the app on 127.0.0.1:0 (WebSocket at `/ws`). */
export async function startHermesApp(
  options: Partial<McpModuleOptions> & McpModuleExtras = {},
): Promise<HermesApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({
        name: 'hermes-e2e',
        version: '1.0.0',
        principal: principalOf,
        websocket: true,
        ...options,
      }),
    ],
    providers: [SessionTools, HookRecorder],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const { port } = http.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    app,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    wsUrl: new URL(`ws://127.0.0.1:${port}/ws`),
    server: app.get(McpServer),
    hooks: app.get(HookRecorder),
    close() {
      closing ??= (async () => {
        http.closeIdleConnections();
        await app.close();
        http.closeAllConnections();
      })();
      return closing;
    },
  };
}

/** Boots a module with only these providers, to see the bootstrap fail. */
export async function bootWith(
  ...providers: Array<new (...args: never[]) => unknown>
): Promise<void> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'bad', version: '1.0.0' })],
    providers,
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  try {
    await app.init();
  } finally {
    await app.close();
  }
}
