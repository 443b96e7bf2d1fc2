import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  McpModule,
  StreamableHttpHandler,
  type McpModuleExtras,
  type McpModuleOptions,
} from '../../../lib/index.js';
import { TestTools } from './test-tools.js';

/** A running Nest app serving {@link TestTools} over Streamable HTTP on a loopback port. */
export interface TestApp {
  app: INestApplication;
  /** Origin of the server, e.g. `http://127.0.0.1:43210`. */
  origin: string;
  /** The MCP endpoint URL. */
  url: URL;
  /** Port the server listens on. */
  port: number;
  /** The provider instance (its probe records what tools did). */
  tools: TestTools;
  /** The transport, for server-side state checks (live sessions). */
  handler: StreamableHttpHandler;
  close(): Promise<void>;
}

/** Options of the MCP module under test (identity defaults to `e2e-server` 1.0.0). */
export type TestAppOptions = Partial<McpModuleOptions> & McpModuleExtras;

/**
 * Boots `McpModule.forRoot(options)` + {@link TestTools} (and `providers`) and listens on
 * 127.0.0.1:`port` (0: any).
 */
export async function startApp(
  options: TestAppOptions = {},
  port = 0,
  providers: Array<new (...args: never[]) => unknown> = [],
): Promise<TestApp> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'e2e-server', version: '1.0.0', ...options })],
    providers: [TestTools, ...providers],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(port, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  const bound = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${bound}`;
  const path = '/' + (options.path ?? 'mcp').replace(/^\/+/, '');
  let closing: Promise<void> | undefined;
  return {
    app,
    origin,
    url: new URL(path, origin),
    port: bound,
    tools: app.get(TestTools),
    handler: app.get(StreamableHttpHandler, { strict: false }),
    close() {
      // Idle keep-alive sockets are dropped so that close() does not wait for them; sockets
      // with a request in progress are left to the app (shutdown tests check it ends them).
      closing ??= (async () => {
        server.closeIdleConnections();
        await app.close();
      })();
      return closing;
    },
  };
}

/**
 * The two mounts of the Streamable HTTP endpoint, for `describe.each`: the Nest controller and the
 * module's `fastPath` (served in front of the framework's router). `%s` prints the label.
 */
export const ENDPOINT_MOUNT_ROWS: ReadonlyArray<[string, boolean]> = [
  ['', false],
  [' (fast path)', true],
];
