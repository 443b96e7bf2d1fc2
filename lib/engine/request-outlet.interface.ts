import type { ProtocolContext } from '../protocol/protocol-context.interface.js';
import type { SizedJson } from '../protocol/encode-message.js';
import type { TransportInfo } from './transport-info.interface.js';

/**
 * Where a request's own notifications go (`notifications/progress`, `notifications/message`):
 * the session peer in the legacy era (related to the request id), the HTTP response of a
 * stateless 2026-07-28 request (upgraded to SSE on the first notification), or the connection
 * of a stdio/WebSocket message. It never carries server-to-client requests.
 */
export interface RequestOutlet {
  /** Sends one notification related to the request being served. */
  notify(method: string, params?: Record<string, unknown>): void;
  /**
   * Present on an outlet that writes the result's reply itself (a stateless HTTP POST): the
   * server may then leave the members it adds to every modern result out of the result object
   * and hand their JSON here (`"resultType":"complete","_meta":{...}`, encoded and measured once
   * per server), to be written after the result's own members. An outlet without it gets them in
   * the object.
   */
  takeResultStamp?(members: SizedJson): void;
}

/** One stateless (2026-07-28) request as a transport hands it to the server's `dispatchModern`. */
export interface ModernDispatch {
  /** The protocol facts read from the request's `_meta` (see `parseModernEnvelope`). */
  readonly protocol: ProtocolContext;
  /** Where the request's own notifications (progress, logs) go. */
  readonly outlet: RequestOutlet;
  /** Transport facts (kind, headers, raw request). */
  readonly transport: TransportInfo;
  /** Aborted when the client cancels or goes away. */
  readonly signal: AbortSignal;
  /** Who sent it (HTTP: the transport's `principal(req)`; stdio: `'stdio'`). */
  readonly principal?: string;
  /**
   * Present on a call whose transport answers it by itself when the graceful shutdown's window
   * ends first (a stateless HTTP POST): it writes `answer` (the `shutdown` error as the client
   * gets it) and aborts the handler's signal; the call's own outcome, later, is dropped. The
   * server then counts the call in flight with no promise of its own around it. A call without
   * it is answered through the rejection of `dispatchModern`'s promise instead.
   */
  cut?(answer: unknown): void;
}
