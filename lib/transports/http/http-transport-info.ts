import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TransportInfo } from '../../engine/transport-info.interface.js';

/**
 * What a handler learns of the Streamable HTTP POST that carried its call (both eras): headers,
 * remote address, the request and response themselves (`switchToHttp()` in Nest guards), and
 * for a 2025 session how to close a request's SSE stream. One literal shape for every POST.
 */
export function httpTransportInfo(
  req: IncomingMessage,
  res: ServerResponse,
  closeSseStream?: TransportInfo['closeSseStream'],
): TransportInfo {
  return {
    kind: 'streamable-http',
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    raw: req,
    request: req,
    response: res,
    closeSseStream,
  };
}
