import { createRequire } from 'node:module';

const ENTRY = '@modelcontextprotocol/server-everything/dist/index.js';

/**
 * Absolute path of the entry point of `@modelcontextprotocol/server-everything`, resolved from
 * this file like an import would be (so it works from `dist/` and in tests alike).
 * @throws Error naming the package when it is not installed.
 */
export function everythingServerPath(): string {
  try {
    return createRequire(import.meta.url).resolve(ENTRY);
  } catch (error) {
    throw new Error(
      `Cannot find ${ENTRY}: install @modelcontextprotocol/server-everything to run this sample`,
      { cause: error },
    );
  }
}
