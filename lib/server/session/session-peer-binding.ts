import type { JsonRpcPeerOptions } from '../../engine/json-rpc-peer.interface.js';
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  RequestId,
} from '../../protocol/json-rpc.js';
import type { InboundRequest } from '../../engine/json-rpc-peer.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import type { McpSession, SessionHost } from './mcp-session.js';

/**
 * The JsonRpcPeer options of one {@link McpSession} as one object with prototype methods: an
 * idle session holds this instead of a closure per callback (issue 16: idle sessions cheap).
 */
export class SessionPeerBinding implements JsonRpcPeerOptions<MessageExtra> {
  constructor(
    private readonly session: McpSession,
    private readonly host: SessionHost,
  ) {}

  /** {@inheritDoc JsonRpcPeerOptions.idPrefix} */
  get idPrefix(): string | undefined {
    return this.host.requestIdPrefix;
  }

  /** {@inheritDoc JsonRpcPeerOptions.requestTimeoutMs} */
  get requestTimeoutMs(): number {
    return this.host.requestTimeoutMs;
  }

  /** Hands one outgoing message to the session's transport. */
  send(message: JsonRpcMessage, relatedRequestId?: RequestId): void {
    this.session.emitOutbound({ message, relatedRequestId });
  }

  /** Tells the transport that an incoming request will get no response. */
  onAbandoned(id: RequestId): void {
    this.session.emitAbandoned(id);
  }

  /** Dispatches an incoming request to the server. */
  onRequest(
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>> {
    return this.host.dispatchInbound(this.session, request, inbound);
  }

  /** Passes an incoming notification to the server. */
  onNotification(notification: JsonRpcNotification, extra: MessageExtra): void {
    this.host.onNotification(this.session, notification, extra);
  }

  /** Reports a handler failure with the session id. */
  onError(error: unknown, context: { method: string; id?: RequestId }): void {
    this.host.onError(error, { ...context, sessionId: this.session.id });
  }
}
