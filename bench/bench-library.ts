/**
 * The nestjs-mcp library a bench app is built from: this checkout's `lib/` by default, or another
 * commit's build (`bench/baseline-library.ts`) for the before/after arms. The MCP module, the
 * decorators and `McpServer` of one app always come from the same copy.
 */
import * as current from '../lib/index.js';

/** The parts of the library the bench apps use. */
export type BenchLibrary = Pick<typeof current, 'McpModule' | 'McpServer' | 'Tool'>;

/** This checkout's library. */
export const CURRENT_LIBRARY: BenchLibrary = current;
