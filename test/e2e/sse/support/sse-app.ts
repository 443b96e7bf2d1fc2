import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpModule, McpServer, type McpModuleOptions } from '../../../../lib/index.js';
import { resolveSseExtras, type McpSseExtras } from '../../../../lib/nest/sse/sse-module-extras.js';
import { SseHandler } from '../../../../lib/transports/sse/sse.handler.js';
import { TestTools } from '../../support/test-tools.js';

/** A Nest app serving {@link TestTools} over Streamable HTTP (`/mcp`) and HTTP+SSE. */
export interface SseTestApp {
  app: INestApplication;
  /** e.g. `http://127.0.0.1:43210`. */
  origin: string;
  /** The SSE stream URL (global prefix included). */
  sseUrl: URL;
  /** The messages URL without `sessionId` (global prefix included). */
  messagesUrl: URL;
  /** The Streamable HTTP endpoint URL. */
  mcpUrl: URL;
  tools: TestTools;
  server: McpServer;
  sse: SseHandler;
  close(): Promise<void>;
}

/** Options of {@link startSseApp}. */
export interface SseTestAppOptions {
  /** Module options (identity defaults to `e2e-sse-server` 1.0.0). */
  module?: Partial<McpModuleOptions>;
  /** SSE paths (default `/sse` + `/messages`). */
  sse?: McpSseExtras;
  /** `app.setGlobalPrefix(prefix)`. */
  prefix?: string;
}

/**
 * Boots `McpModule.forRoot({ ..., sse })` + {@link TestTools}: Streamable HTTP at `/mcp` and the
 * legacy HTTP+SSE endpoints from the module's `sse` extra. Listens on 127.0.0.1:0.
 */
export async function startSseApp(options: SseTestAppOptions = {}): Promise<SseTestApp> {
  const moduleOptions = { name: 'e2e-sse-server', version: '1.0.0', ...options.module };
  const sse = resolveSseExtras(options.sse ?? true)!;
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ ...moduleOptions, sse })],
    providers: [TestTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  if (options.prefix) app.setGlobalPrefix(options.prefix);
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const { port } = http.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const prefixed = (path: string) =>
    new URL(
      '/' + [options.prefix ?? '', path].join('/').split('/').filter(Boolean).join('/'),
      origin,
    );
  let closed = false;
  return {
    app,
    origin,
    sseUrl: prefixed(sse.path),
    messagesUrl: prefixed(sse.messagesPath),
    mcpUrl: prefixed('mcp'),
    tools: app.get(TestTools),
    server: app.get(McpServer),
    sse: app.get(SseHandler, { strict: false }),
    async close() {
      if (closed) return;
      closed = true;
      http.closeIdleConnections?.();
      await app.close();
      http.closeAllConnections?.();
    },
  };
}
