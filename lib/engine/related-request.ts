import type { JsonRpcMessage, RequestId } from '../protocol/json-rpc.js';

/** The request each received message was sent for, as its transport knew it. */
const relatedRequests = new WeakMap<JsonRpcMessage, RequestId>();

/**
 * Marks a message a client transport received as sent for the outgoing request `id` (it came on
 * that request's own stream: a Streamable HTTP reply stream, a broker reply tagged with the
 * request id). The protocol does not say which request a log message or a server request belongs
 * to; the transport does, and {@link JsonRpcPeer} routes such a notification to that request's
 * `onRelatedNotification` (a gateway forwards it on its own client's request). Returns `message`.
 */
export function relateToRequest<M extends JsonRpcMessage>(message: M, id: RequestId): M {
  relatedRequests.set(message, id);
  return message;
}

/** The request a received message was marked as sent for ({@link relateToRequest}), if any. */
export function relatedRequestOf(message: JsonRpcMessage): RequestId | undefined {
  return relatedRequests.get(message);
}
