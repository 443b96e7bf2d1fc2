import type { JsonRpcNotification } from '../../protocol/json-rpc.js';
import type { McpSession } from './mcp-session.js';

/** A notification a client sent (roots changed, initialized, ...), with its session. */
export interface ClientNotificationEvent {
  session: McpSession;
  notification: JsonRpcNotification;
}
