import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { restoreContentType } from './content-type-stash.js';

/** What a transport needs of an HTTP exchange, whichever framework carried it. */
export interface NodeExchange {
  /** The Node request (headers, socket, body stream). */
  req: IncomingMessage;
  /** The Node response, free to write to. */
  res: ServerResponse;
  /** A body the framework already parsed, if any (otherwise the transport reads the stream). */
  body: unknown;
}

/** The parts of a Fastify request and reply used here (structural: fastify is optional). */
interface FastifyRequestLike {
  raw: IncomingMessage;
  body?: unknown;
  user?: unknown;
  /** The client address by Fastify's `trustProxy` setting. */
  ip?: string;
}
interface FastifyReplyLike {
  raw: ServerResponse;
  hijack(): unknown;
  getHeaders(): OutgoingHttpHeaders;
}

type ExpressRequestLike = IncomingMessage & { body?: unknown };

/**
 * Fastify's key of the headers a reply holds apart from the raw response (`reply.getHeaders()`
 * merges them into a copy of the raw response's: two objects per request), found on the first
 * reply that has it.
 */
let replyHeadersKey: symbol | undefined;

/**
 * The headers set on a Fastify reply that may not be on its raw response yet: the reply's own
 * (those already on the raw response are skipped by the caller either way), else, for a reply
 * without Fastify's key, `getHeaders()`.
 */
function replyOwnHeaders(reply: FastifyReplyLike): OutgoingHttpHeaders {
  const key = (replyHeadersKey ??= Object.getOwnPropertySymbols(reply).find(
    (symbol) => symbol.description === 'fastify.reply.headers',
  ));
  const own =
    key === undefined
      ? undefined
      : (reply as unknown as Record<symbol, OutgoingHttpHeaders | undefined>)[key];
  return own ?? reply.getHeaders();
}

function isFastifyReply(reply: unknown): reply is FastifyReplyLike {
  const candidate = reply as Partial<FastifyReplyLike> | null;
  return typeof candidate?.hijack === 'function' && typeof candidate.raw === 'object';
}

/**
 * Unwraps the request and response a Nest route handler got with `@Req()` / `@Res()` into the
 * Node objects the transports write to, on Express (already Node objects) and on Fastify:
 * - the reply is hijacked (Fastify no longer answers the request itself), and the headers set on
 *   it so far (CORS, hooks) are carried over to the raw response;
 * - the authenticated user an HTTP guard set on the Fastify request (`request.user`) is copied to
 *   the Node request, where the transport and MCP handlers read it (`principal`, `req.user`),
 *   and so is the client address Fastify resolved (`request.ip`, by `trustProxy`);
 * - the `Content-Type` moved aside by `McpRawBody` is put back;
 * - Express's `X-Powered-By` is removed (`app.disable('x-powered-by')` removes it app-wide).
 */
export function toNodeExchange(request: unknown, reply: unknown): NodeExchange {
  if (isFastifyReply(reply)) {
    const fastifyRequest = request as FastifyRequestLike;
    const req = fastifyRequest.raw as IncomingMessage & { user?: unknown; ip?: string };
    const res = reply.raw;
    // A for-in over the reply's headers: no copy, no array of entries (usually there are none).
    const headers = replyOwnHeaders(reply);
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value);
    }
    reply.hijack();
    if (fastifyRequest.user !== undefined && req.user === undefined) req.user = fastifyRequest.user;
    // The client address as Fastify resolved it (`trustProxy`), where the session caps read it.
    if (fastifyRequest.ip !== undefined && req.ip === undefined) req.ip = fastifyRequest.ip;
    restoreContentType(req);
    return { req, res, body: fastifyRequest.body };
  }
  const req = request as ExpressRequestLike;
  restoreContentType(req);
  const res = reply as ServerResponse;
  // Express announces itself on every response; MCP responses need not tell a caller the stack.
  res.removeHeader('x-powered-by');
  return { req, res, body: req.body };
}
