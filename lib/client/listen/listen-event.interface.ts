import type { JsonRpcNotification, RequestId } from '../../protocol/json-rpc.js';
import type { SubscriptionFilter } from '../../protocol/schema/index.js';

/**
 * One event of a `listen$()` stream: first the server's acknowledgement with the part of the
 * filter it honours, then each notification tagged with this stream's subscription id.
 */
export type McpListenEvent =
  | {
      readonly type: 'acknowledged';
      /** The listen request's id, which tags every frame of the stream. */
      readonly subscriptionId: RequestId;
      /** The honoured subset of the requested filter (unsupported kinds left out). */
      readonly notifications: SubscriptionFilter;
    }
  | {
      readonly type: 'notification';
      readonly subscriptionId: RequestId;
      /** A list change or resource update, as received (its `_meta` carries the tag). */
      readonly notification: JsonRpcNotification;
    };

/** Options of one `listen$()` stream. */
export interface McpListenOptions {
  /**
   * Milliseconds to wait for the acknowledgement before the stream errors with a `ListenError`
   * (`'not-acknowledged'`) and the request is cancelled. Default: the client's
   * `listenAckTimeoutMs` (10 000).
   */
  readonly ackTimeoutMs?: number | undefined;
}
