import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../../../../sample/01-demo/src/app.module.js';

/** The demo app (`sample/01-demo`) listening on an ephemeral loopback port. */
export interface RunningDemo {
  /** Its Streamable HTTP endpoint, e.g. `http://127.0.0.1:43210/mcp`. */
  mcpUrl: URL;
  close(): Promise<void>;
}

/** Boots the demo app's module in process and listens on 127.0.0.1:0. */
export async function startDemoApp(): Promise<RunningDemo> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const { port } = http.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    mcpUrl: new URL(`http://127.0.0.1:${port}/mcp`),
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
