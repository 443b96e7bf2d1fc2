import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A Node `request` listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts `take` in front of the request listeners a Node HTTP server has now (the framework's:
 * Express or Fastify): a request `take` answers true for is its own; any other goes on to those
 * listeners unchanged. Returns the function that puts the server back as it was.
 */
export function mountInFront(
  server: Server,
  take: (req: IncomingMessage, res: ServerResponse) => boolean,
): () => void {
  const originals = server.listeners('request') as NodeRequestListener[];
  const listener = function (this: Server, req: IncomingMessage, res: ServerResponse): void {
    if (take(req, res)) return;
    for (const original of originals) original.call(this, req, res);
  };
  server.removeAllListeners('request');
  server.on('request', listener);
  return () => {
    server.off('request', listener);
    for (const original of originals) server.on('request', original);
  };
}

/** The Node HTTP server under a Nest HTTP adapter, if it has one that takes request listeners. */
export function nodeServerOf(
  adapter: { getHttpServer?(): unknown } | undefined,
): Server | undefined {
  const server = adapter?.getHttpServer?.() as Server | undefined;
  return typeof server?.listeners === 'function' ? server : undefined;
}
