import type { IncomingMessage } from 'node:http';

/** Where a request's real `Content-Type` waits while the app's body parsers run. */
const STASH = Symbol.for('nestjs-mcp:content-type');

/** Stashed for a request that had no `Content-Type` (a string is the header's value). */
const ABSENT = Symbol.for('nestjs-mcp:content-type-absent');

/** The header's value itself is stashed, not an object around it: no allocation per request. */
type StashedRequest = IncomingMessage & { [STASH]?: string | typeof ABSENT };

/**
 * Moves a request's `Content-Type` aside so that the app's body parsers skip the body: the header
 * is removed, or replaced by `replacement` (Fastify answers 415 to a body without a content type,
 * so there it becomes a media type only our own parser accepts). Kept in a symbol property, so a
 * client cannot forge a stashed value.
 */
export function stashContentType(req: IncomingMessage, replacement?: string): void {
  const contentType = req.headers['content-type'];
  (req as StashedRequest)[STASH] = contentType ?? ABSENT;
  if (replacement === undefined) delete req.headers['content-type'];
  else req.headers['content-type'] = replacement;
}

/** True when {@link stashContentType} moved this request's `Content-Type` aside. */
export function hasStashedContentType(req: IncomingMessage): boolean {
  return (req as StashedRequest)[STASH] !== undefined;
}

/**
 * Puts back the `Content-Type` moved aside by {@link stashContentType} (no-op otherwise). Call it
 * before handing the request to the transport.
 */
export function restoreContentType(req: IncomingMessage): void {
  const stashed = (req as StashedRequest)[STASH];
  if (stashed === undefined) return;
  // Cleared, not deleted: deleting a property added before others turns the request into a
  // dictionary-mode object in V8, which every later read of it pays for.
  (req as StashedRequest)[STASH] = undefined;
  if (stashed === ABSENT) delete req.headers['content-type'];
  else req.headers['content-type'] = stashed;
}
