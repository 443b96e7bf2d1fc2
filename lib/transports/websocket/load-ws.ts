/** Imports `ws`: a native `import()` in the ESM build, a `require` in the CommonJS build. */
const importWs = () => import('ws');

/** The `ws` module as `import('ws')` gives it in either build (`WebSocket`, `WebSocketServer`). */
export type WsModule = Awaited<ReturnType<typeof importWs>>;

let loaded: Promise<WsModule> | undefined;

/** True when `error` says that `name` itself (not one of its dependencies) is not installed. */
export function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && message.includes(`'${name}'`);
}

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
