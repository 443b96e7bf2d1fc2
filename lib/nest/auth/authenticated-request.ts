import type { IncomingHttpHeaders } from 'node:http';

/**
 * The parts of an HTTP request (Express, Fastify or plain Node) the resource server reads: the
 * headers, and for a DPoP proof's `htm`/`htu` the method and URL.
 */
export interface AuthenticatedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly method?: string;
  /** The path and query (`originalUrl` on Express wins: a mounted router rewrites `url`). */
  readonly url?: string;
  readonly originalUrl?: string;
  /** `http`/`https` as the framework resolved it (Express `trust proxy`, Fastify `trustProxy`). */
  readonly protocol?: string;
  /** The socket (a `TLSSocket` has `encrypted`). */
  readonly socket?: object;
}

/**
 * The URL the client addressed, without query: the framework's protocol (else TLS or not), the
 * `Host` header and the path. What a DPoP proof's `htu` names.
 */
export function requestUrlOf(request: AuthenticatedRequest): string {
  const protocol =
    request.protocol === 'http' || request.protocol === 'https'
      ? request.protocol
      : (request.socket as { encrypted?: boolean } | undefined)?.encrypted
        ? 'https'
        : 'http';
  const path = (request.originalUrl ?? request.url ?? '/').split('?')[0];
  return `${protocol}://${request.headers.host ?? 'localhost'}${path}`;
}
