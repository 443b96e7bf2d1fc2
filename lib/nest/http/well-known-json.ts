import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { toNodeExchange } from './node-exchange.js';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': '*',
};

/** The adapter methods used here (Express and Fastify adapters have both). */
export interface WellKnownRouteAdapter {
  get(path: string, handler: (req: unknown, res: unknown) => void): unknown;
  options(path: string, handler: (req: unknown, res: unknown) => void): unknown;
}

/** A document as served: its JSON text and the entity tag of that text. */
export interface WellKnownDocument {
  json: string;
  etag: string;
}

/** Wraps a JSON text with its entity tag (a strong tag: the hash of the bytes served). */
export function wellKnownDocument(body: unknown): WellKnownDocument {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

/** How a public JSON document is served. */
export interface WellKnownJsonRoute {
  /** The paths at the origin's root. */
  paths: Iterable<string>;
  /** `Cache-Control` of the answers. */
  cacheControl: string;
  /** `Vary` of the answers, when the document depends on a request header. */
  vary?: string;
  /** The document for this request. */
  document(req: IncomingMessage): WellKnownDocument;
}

/**
 * Serves a public JSON document (a `.well-known` one) on the HTTP adapter itself: at the origin's
 * root whatever the global prefix, outside guards, readable from any origin (CORS `*`, OPTIONS
 * preflight answered), with an entity tag so a client revalidates with `If-None-Match` (304).
 */
export function serveWellKnownJson(
  adapter: WellKnownRouteAdapter,
  route: WellKnownJsonRoute,
): void {
  for (const path of route.paths) {
    adapter.get(path, (request, reply) => {
      const { req, res } = toNodeExchange(request, reply);
      const { json, etag } = route.document(req);
      const headers = {
        ...CORS_HEADERS,
        'cache-control': route.cacheControl,
        etag,
        ...(route.vary !== undefined && { vary: route.vary }),
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(json);
    });
    adapter.options(path, (request, reply) => {
      const { res } = toNodeExchange(request, reply);
      res.writeHead(204, { ...CORS_HEADERS, 'access-control-max-age': '86400' }).end();
    });
  }
}
