import 'reflect-metadata';
import type { INestApplication, Type } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  createMatrixModule,
  MatrixModule,
} from '../../../../sample/07-matrix-stdio/src/matrix.module.js';

/** The transports of the matrix (Streamable HTTP also served by the module's `fastPath`). */
export type MatrixTransportName =
  | 'streamable-http'
  | 'streamable-http fast path'
  | 'streamable-http fast path on fastify'
  | 'sse'
  | 'websocket'
  | 'stdio';

/** Every transport, in the order the suites run them. */
export const MATRIX_TRANSPORTS: MatrixTransportName[] = [
  'streamable-http',
  'streamable-http fast path',
  'streamable-http fast path on fastify',
  'sse',
  'websocket',
  'stdio',
];

/** The module and adapter of a matrix transport served in process. */
function matrixApp(transport: MatrixTransportName): {
  module: Type<unknown>;
  adapter?: AbstractHttpAdapter;
} {
  if (!transport.includes('fast path')) return { module: MatrixModule };
  const module = createMatrixModule({ fastPath: true, sse: false, websocket: false });
  return transport.endsWith('fastify') ? { module, adapter: new FastifyAdapter() } : { module };
}

/** Repository root (the working directory of spawned servers). */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The built stdio server of the matrix (`sample/07-matrix-stdio/main.ts` after the build). */
export const MATRIX_STDIO_MAIN = fileURLToPath(
  new URL('../../../../dist/sample/07-matrix-stdio/main.js', import.meta.url),
);

/** Where a client reaches the matrix server. */
export type MatrixEndpoint =
  | { kind: 'http'; mcpUrl: URL; sseUrl: URL; wsUrl: URL }
  | { kind: 'stdio'; command: string; args: string[]; cwd: string };

/** A matrix server under test. */
export interface MatrixServer {
  readonly transport: MatrixTransportName;
  readonly endpoint: MatrixEndpoint;
  close(): Promise<void>;
}

/**
 * Starts the matrix server for `transport`: for the network transports, `MatrixModule` booted
 * in process on an ephemeral loopback port (it mounts `/mcp`, `/sse` + `/messages` and `/ws`;
 * the fast path rows serve `/mcp` only, on Express or Fastify);
 * for stdio, the built sample, which each client spawns itself.
 * @throws when the stdio sample is not built (run `npm run build` first).
 */
export async function startMatrixServer(transport: MatrixTransportName): Promise<MatrixServer> {
  if (transport === 'stdio') {
    return {
      transport,
      endpoint: { kind: 'stdio', command: process.execPath, args: [builtMatrixMain()], cwd: ROOT },
      close: () => Promise.resolve(),
    };
  }
  const { module, adapter } = matrixApp(transport);
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  const app: INestApplication = adapter
    ? moduleRef.createNestApplication(adapter, { logger: false })
    : moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  const { port } = http.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    transport,
    endpoint: {
      kind: 'http',
      mcpUrl: new URL(`http://127.0.0.1:${port}/mcp`),
      sseUrl: new URL(`http://127.0.0.1:${port}/sse`),
      wsUrl: new URL(`ws://127.0.0.1:${port}/ws`),
    },
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

/** The built stdio sample; throws a clear error when the build is missing. */
export function builtMatrixMain(): string {
  if (!existsSync(MATRIX_STDIO_MAIN)) {
    throw new Error(
      `${MATRIX_STDIO_MAIN} is missing: run "npm run build" before the transport matrix (its stdio leg spawns the built sample)`,
    );
  }
  return MATRIX_STDIO_MAIN;
}
