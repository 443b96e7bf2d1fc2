import type { McpServer } from '../../server/mcp-server.js';

const gates = new WeakMap<McpServer, Promise<void>>();

/**
 * Marks `server` as still being filled by the app's bootstrap, until the returned function is
 * called (at application bootstrap, once every `onModuleInit` registered its handlers). A hybrid
 * app runs `startAllMicroservices()` before `app.init()`, so a broker replica can take a request
 * before its tools exist: it waits for this gate instead of answering "Method not found".
 */
export function closeDiscoveryGate(server: McpServer): () => void {
  let open!: () => void;
  gates.set(server, new Promise<void>((resolve) => (open = resolve)));
  return () => {
    gates.delete(server);
    open();
  };
}

/** Settles once `server`'s handlers are all registered; `undefined` when nothing is pending. */
export function discoveryGateOf(server: McpServer): Promise<void> | undefined {
  return gates.get(server);
}
