import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { RequestId } from '../../protocol/json-rpc.js';

/** Where a 2025 session's POSTs are found by request id (its `HttpSessionChannel`). */
export interface PostStreams {
  exchangeOf(id: RequestId): { disconnect(): void } | undefined;
}

/**
 * What a handler learns of the Streamable HTTP POST that carried its call (both eras): headers,
 * remote address, the request and response themselves (`switchToHttp()` in Nest guards), and for
 * a 2025 session how to close a request's SSE stream. One object of one shape per POST, its
 * method on the prototype: no closure per request nor per session.
 */
class HttpPostInfo implements TransportInfo {
  readonly kind = 'streamable-http';
  readonly headers: IncomingMessage['headers'];
  readonly remoteAddress: string | undefined;
  readonly raw: IncomingMessage;
  readonly request: IncomingMessage;

  constructor(
    req: IncomingMessage,
    readonly response: ServerResponse,
    private readonly streams: PostStreams | undefined,
    headers: IncomingMessage['headers'],
  ) {
    this.headers = headers;
    // Read on every POST, not lazily: Node caches the address on the socket (`_peername`) at the
    // first read, and a socket that no request asked keeps another hidden class. With the read
    // made only on demand, sockets of both classes met Node's stream and net code, and a
    // fast-path handshake cost 10-130k more instructions (more scavenging, more IC misses).
    this.remoteAddress = req.socket.remoteAddress;
    this.raw = req;
    this.request = req;
  }

  /** {@inheritDoc TransportInfo.closeSseStream} (a no-op without a session: nothing to resume). */
  closeSseStream(id: RequestId): void {
    this.streams?.exchangeOf(id)?.disconnect();
  }
}

/**
 * The transport info of a Streamable HTTP POST; `streams` when it belongs to a 2025 session;
 * `headers` when the caller has read `req.headers` already (each read calls Node's getter).
 */
export function httpTransportInfo(
  req: IncomingMessage,
  res: ServerResponse,
  streams?: PostStreams,
  headers: IncomingMessage['headers'] = req.headers,
): TransportInfo {
  return new HttpPostInfo(req, res, streams, headers);
}
