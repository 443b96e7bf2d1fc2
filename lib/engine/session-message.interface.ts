import type { JsonRpcMessage, RequestId } from '../protocol/json-rpc.js';
import type { ProtocolContext } from '../protocol/protocol-context.interface.js';
import type { TransportInfo } from './transport-info.interface.js';

/** What the engine passes along with each incoming message. */
export interface MessageExtra {
  transport: TransportInfo;
  /** Set for stateless (2026-07-28) requests that carry their own protocol context. */
  protocol?: ProtocolContext;
}

/** One server-to-client message and the incoming request it belongs to (if any). */
export interface OutboundMessage {
  message: JsonRpcMessage;
  relatedRequestId?: RequestId;
}
