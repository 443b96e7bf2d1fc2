import { isMissingPackage } from '../../engine/is-missing-package.js';

/** Imports `ws`: a native `import()` in the ESM build, a `require` in the CommonJS build. */
const importWs = () => import('ws');

/** The `ws` module as `import('ws')` gives it in either build (`WebSocket`, `WebSocketServer`). */
export type WsModule = Awaited<ReturnType<typeof importWs>>;

let loaded: Promise<WsModule> | undefined;

export { isMissingPackage };

/**
 * Loads the optional peer `ws` on first use (the WebSocket transports are the only users), so an
 * app without WebSockets never needs it installed.
 * @throws Error naming the package to install when `ws` is missing.
 */
export function loadWs(feature: string): Promise<WsModule> {
  loaded ??= importWs().catch((error: unknown) => {
    loaded = undefined;
    if (!isMissingPackage(error, 'ws')) throw error;
    throw new Error(
      `${feature} needs the optional peer dependency "ws". Install it: npm install ws`,
      { cause: error },
    );
  });
  return loaded;
}
