import { encodeForSending } from '../shared/encode-outgoing.js';
import { TransportError } from '../../errors/transport.error.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import { discardBody, httpError } from '../shared/http/http-reply.js';
import type { ObservedReply } from '../shared/http/auth-exchange.js';

/**
 * POSTs one JSON-RPC message to a legacy SSE endpoint; any 2xx counts as delivered (the answer
 * comes on the stream) and the response body is discarded; `observe` sees the reply's status and
 * headers first (the transport's `auth` option).
 * @throws TransportError `http` with the status (non-2xx; the body's JSON-RPC error message, or
 *   the start of the body, in the message),
 *   `closed` when `signal` aborted, `refused` when the server cannot be reached.
 */
export async function postJsonRpcMessage(
  endpoint: URL,
  headers: Record<string, string>,
  message: JsonRpcMessage,
  signal: AbortSignal,
  observe: (reply: ObservedReply) => void = () => undefined,
): Promise<void> {
  const body = encodeForSending(message);
  const sent = new Headers(headers);
  sent.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: sent,
      body,
      signal,
      redirect: 'manual', // a redirect is an HTTP error here: headers never follow it elsewhere
    });
  } catch (error) {
    if (signal.aborted) {
      throw new TransportError('The SSE transport was closed', 'closed', undefined, {
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new TransportError(`Cannot POST to ${endpoint.href}: ${reason}`, 'refused', undefined, {
      cause: error,
    });
  }
  observe({ status: response.status, header: (name) => response.headers.get(name) ?? undefined });
  if (!response.ok) throw await httpError(response, `POST ${endpoint.pathname}`);
  await discardBody(response);
}
