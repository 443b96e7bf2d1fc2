import type { JsonRpcMessage } from '../../protocol/json-rpc.js';

/**
 * What a transport needs from the server when several instances share a bus (the `MessageBus`
 * is `shared`): who this instance is, whether another one is alive, and the way to hand a
 * message to the instance that can deliver it.
 */
export interface ClusterPort {
  /** This instance's id (hex); it starts the ids of its streams and server-to-client requests. */
  readonly instanceId: string;
  /**
   * The `id` of the server bus event (list change, resource update, broadcast) being delivered to
   * this instance's sessions right now (delivery is synchronous); undefined otherwise. Every
   * instance delivers such an event to its own copy of a session, so a message carrying it is
   * stored once in the session's stream.
   */
  readonly deliveringEventId?: string;
  /** False once `instance` has been silent longer than the liveness window. */
  isAlive(instance: string): boolean;
  /** A server-to-client message of a session with no stream here: for the instance holding one. */
  forwardToStream(sessionId: string, message: JsonRpcMessage): void;
  /** A session ended here (DELETE, lost record): every other instance drops its live copy. */
  sessionEnded(sessionId: string): void;
  /**
   * A client message for a session whose live end is instance `to` (legacy SSE, a response to
   * a request another instance sent): resolves once the bus took it, rejects (a
   * `StoreUnavailableError`) when it did not, so the transport answers 503 instead of 202.
   */
  forwardClientMessage(
    to: string,
    sessionId: string,
    message: JsonRpcMessage,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<void>;
}
