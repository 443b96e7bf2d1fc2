import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcParams,
  JsonRpcRequest,
  RequestId,
} from '../protocol/json-rpc.js';

/**
 * Writes one message to the other side. `relatedRequestId` names the incoming request a message
 * belongs to (progress, logs, nested requests and the response itself), so a transport with several
 * streams can route it; transports with one channel ignore it. When it returns a promise that
 * rejects, an outgoing request fails at once with that error instead of waiting for its timeout.
 */
export type PeerSend = (
  message: JsonRpcMessage,
  relatedRequestId?: RequestId,
) => void | Promise<void>;

/** What a request handler receives besides the request. */
export interface InboundRequest<TExtra> {
  /** Fires when the peer cancels the request or the connection drops. */
  readonly signal: AbortSignal;
  /** Transport-provided data (headers, session, remote address ...). */
  readonly extra: TExtra;
}

/** Answers one incoming request; a thrown `McpError` becomes that JSON-RPC error, anything else `-32603`. */
export type PeerRequestHandler<TExtra> = (
  request: JsonRpcRequest,
  inbound: InboundRequest<TExtra>,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** Handles an incoming notification other than `notifications/cancelled` and `notifications/progress`. */
export type PeerNotificationHandler<TExtra> = (
  notification: JsonRpcNotification,
  extra: TExtra,
) => void;

/** Progress reported by the peer for one of our outgoing requests. */
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of one outgoing request. */
export interface OutgoingRequestOptions {
  /** Milliseconds to wait for the answer; default: the peer's `requestTimeoutMs`. */
  timeoutMs?: number;
  /** Cancels the request (a `notifications/cancelled` is sent unless `quiet`). */
  signal?: AbortSignal;
  /**
   * Give up (timeout, signal) without sending `notifications/cancelled`: for a request whose era
   * is not settled yet (the client's negotiation probe), where the notification may be refused.
   */
  quiet?: boolean;
  /** Asks for progress (`_meta.progressToken`) and receives each update. */
  onProgress?: (update: ProgressUpdate) => void;
  /**
   * The `_meta.progressToken` to send (default: the request id, when `onProgress` is given).
   * Progress carrying it is routed to this request; a token already used by a pending request
   * is refused (the request rejects with a `TypeError`, nothing is sent).
   */
  progressToken?: string | number;
  /** Restart the timeout whenever progress arrives (bounded by `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean;
  /** Hard upper bound when `resetTimeoutOnProgress` is on. */
  maxTotalTimeoutMs?: number;
  /** The incoming request this one is issued on behalf of (routes it to that request's stream). */
  relatedRequestId?: RequestId;
  /** Extra `_meta` entries for the request params. */
  meta?: Record<string, unknown>;
  /**
   * Receives the request's id before the request is sent (a caller correlating other messages
   * with it, e.g. the frames of a `subscriptions/listen` stream tagged with that id).
   */
  onRequestId?: (id: RequestId) => void;
  /**
   * Receives the notifications the transport marked as sent for this request (see
   * `relateToRequest`: its own reply stream), other than progress and cancellation, before
   * `onNotification` gets them too.
   */
  onRelatedNotification?: (notification: JsonRpcNotification) => void;
}

/** Construction options of a JsonRpcPeer. */
export interface JsonRpcPeerOptions<TExtra> {
  send: PeerSend;
  /**
   * Makes outgoing request ids strings `<idPrefix><n>` instead of numbers (several server
   * instances talking to one client tell their requests apart). Default: numeric ids.
   */
  idPrefix?: string;
  onRequest: PeerRequestHandler<TExtra>;
  onNotification?: PeerNotificationHandler<TExtra>;
  /**
   * Also pass `notifications/progress` that was delivered to a pending request's `onProgress` to
   * `onNotification` (the client's `notifications$`/`progress$` promise every notification).
   * Default `false`: routed progress goes to the request only.
   */
  forwardRoutedProgress?: boolean;
  /** Called with errors that are not the peer's business (handler crashes); default: ignore. */
  onError?: (error: unknown, context: { method: string; id?: RequestId }) => void;
  /** Called when an incoming request is cancelled: it will get no response. */
  onAbandoned?: (id: RequestId) => void;
  /** Default timeout of outgoing requests in ms (default 60 000). */
  requestTimeoutMs?: number;
}

export type { JsonRpcParams };
