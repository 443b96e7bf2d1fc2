import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MatrixModule } from '../../../../sample/07-matrix-stdio/src/matrix.module.js';

/** The transports of the matrix. */
export type MatrixTransportName = 'streamable-http' | 'sse' | 'websocket' | 'stdio';

/** Every transport, in the order the suites run them. */
export const MATRIX_TRANSPORTS: MatrixTransportName[] = [
  'streamable-http',
  'sse',
  'websocket',
  'stdio',
];

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
 * in process on an ephemeral loopback port (it mounts `/mcp`, `/sse` + `/messages` and `/ws`);
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
  const moduleRef = await Test.createTestingModule({ imports: [MatrixModule] }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
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
