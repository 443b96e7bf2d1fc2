import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The built stdio sample (`sample/03-stdio/main.ts` after `npm run build`). */
export const SAMPLE_MAIN = fileURLToPath(
  new URL('../../../../dist/sample/03-stdio/main.js', import.meta.url),
);

/** The official everything server (dev dependency), launched with `stdio`. */
export const EVERYTHING_MAIN = fileURLToPath(
  new URL(
    '../../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);

/** A server that answers `initialize` and exits with code 3 on `tools/call` (plain JS, no build). */
export const DYING_SERVER = fileURLToPath(new URL('./dying-server.mjs', import.meta.url));

/**
 * The path of the built sample; throws a clear error when it is missing, because these specs
 * spawn the real build rather than compiling TypeScript on the fly.
 */
export function builtSample(): string {
  if (!existsSync(SAMPLE_MAIN)) {
    throw new Error(
      `${SAMPLE_MAIN} is missing: run "npm run build" before the stdio e2e specs (they spawn the built sample)`,
    );
  }
  return SAMPLE_MAIN;
}
