import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  McpClientManager,
  McpGatewayModule,
  McpModule,
  type McpGatewayModuleOptions,
} from '../../../../lib/index.js';
import { waitFor } from '../../support/wait.js';
import { userFromHeader } from './gateway-caller.js';

/** A gateway of these e2e, listening on loopback. */
export interface TestGateway {
  app: INestApplication;
  /** Its Streamable HTTP endpoint. */
  url: URL;
}

/**
 * Boots a gateway (`McpModule` + `McpGatewayModule` with `options`, the `x-user` auth stand-in in
 * front) on a free loopback port, and waits until its aggregate holds `tools` tools. The
 * gateway's own log is silent unless `options.logger` says where it goes.
 */
export async function startTestGateway(
  options: McpGatewayModuleOptions,
  tools: number,
): Promise<TestGateway> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({ name: 'gateway', version: '1.0.0' }),
      McpGatewayModule.forRoot({ ...options, logger: options.logger ?? false }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.use(userFromHeader);
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const manager = app.get(McpClientManager);
  await waitFor(() => manager.aggregate.tools.length === tools, {
    timeoutMs: 10_000,
    description: `${tools} tools of the services in the gateway`,
  });
  return { app, url: new URL(`http://127.0.0.1:${port}/mcp`) };
}
