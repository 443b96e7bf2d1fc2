import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { MatrixCatalog } from './matrix.catalog.js';
import { MatrixState } from './matrix.state.js';
import { MatrixTools } from './matrix.tools.js';

/** Identity of the matrix server (`serverInfo`). */
export const MATRIX_SERVER_INFO = { name: 'nestjs-mcp-matrix', version: '1.0.0' } as const;

/** What the matrix server's `initialize` result says about it. */
export const MATRIX_INSTRUCTIONS = 'The nestjs-mcp transport matrix server.';

/** Items per page of the list methods: small, so every list paginates. */
export const MATRIX_PAGE_SIZE = 2;

/**
 * The server of the transport matrix: the same tools, prompts and resources on every transport.
 * Over HTTP it serves Streamable HTTP at `/mcp`, legacy HTTP+SSE at `/sse` (+ `/messages`) and
 * WebSocket at `/ws`; `McpStdio.run(MatrixModule)` serves it over stdio (see `../main.ts`).
 */
@Module({
  imports: [
    McpModule.forRoot({
      ...MATRIX_SERVER_INFO,
      instructions: MATRIX_INSTRUCTIONS,
      pageSize: MATRIX_PAGE_SIZE,
      sse: true,
      websocket: true,
    }),
  ],
  providers: [MatrixState, MatrixTools, MatrixCatalog],
})
export class MatrixModule {}
