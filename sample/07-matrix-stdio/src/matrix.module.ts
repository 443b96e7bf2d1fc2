import { Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { McpModule, type McpModuleExtras } from '../../../lib/index.js';
import { MatrixCatalog } from './matrix.catalog.js';
import { MatrixState } from './matrix.state.js';
import { MatrixTools } from './matrix.tools.js';

/** Identity of the matrix server (`serverInfo`). */
export const MATRIX_SERVER_INFO = { name: 'nestjs-mcp-matrix', version: '1.0.0' } as const;

/** What the matrix server's `initialize` result says about it. */
export const MATRIX_INSTRUCTIONS = 'The nestjs-mcp transport matrix server.';

/** Items per page of the list methods: small, so every list paginates. */
export const MATRIX_PAGE_SIZE = 2;

/** The transports a matrix module serves over HTTP (the fast path serves Streamable HTTP only). */
export type MatrixHttpExtras = Pick<McpModuleExtras, 'fastPath' | 'sse' | 'websocket'>;

/** The metadata of a matrix module: the matrix server with these HTTP extras. */
function matrixModuleMetadata(extras: MatrixHttpExtras): ModuleMetadata {
  return {
    imports: [
      McpModule.forRoot({
        ...MATRIX_SERVER_INFO,
        instructions: MATRIX_INSTRUCTIONS,
        pageSize: MATRIX_PAGE_SIZE,
        ...extras,
      }),
    ],
    providers: [MatrixState, MatrixTools, MatrixCatalog],
  };
}

/**
 * A matrix module with other HTTP extras than {@link MatrixModule}'s: the same server, e.g. with
 * `fastPath` (Streamable HTTP served in front of the framework's router) and without SSE and
 * WebSocket, for the matrix rows of the fast path.
 */
export function createMatrixModule(extras: MatrixHttpExtras): Type<unknown> {
  @Module(matrixModuleMetadata(extras))
  class MatrixVariantModule {}
  return MatrixVariantModule;
}

/**
 * The server of the transport matrix: the same tools, prompts and resources on every transport.
 * Over HTTP it serves Streamable HTTP at `/mcp`, legacy HTTP+SSE at `/sse` (+ `/messages`) and
 * WebSocket at `/ws`; `McpStdio.run(MatrixModule)` serves it over stdio (see `../main.ts`).
 */
@Module(matrixModuleMetadata({ sse: true, websocket: true }))
export class MatrixModule {}
