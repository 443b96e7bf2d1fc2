import type { OutgoingRequestOptions } from '../engine/json-rpc-peer.interface.js';
import type { McpLogMessage } from './mcp-client-events.interface.js';
import type { McpCallOptions } from './mcp-client-options.interface.js';
import { notificationProblem } from './protocol-check.js';

/**
 * The call's options with its `onLog` wired to the request: the log messages the transport
 * related to it (checked against the protocol; a malformed one goes to `errors$` only) reach
 * `onLog`. Options without `onLog` are returned as they are.
 */
export function withCallLogs(
  options: McpCallOptions,
): McpCallOptions & Pick<OutgoingRequestOptions, 'onRelatedNotification'> {
  const onLog = options.onLog;
  if (!onLog) return options;
  return {
    ...options,
    onRelatedNotification: (notification) => {
      if (notification.method !== 'notifications/message') return;
      if (notificationProblem(notification)) return;
      onLog(notification.params as unknown as McpLogMessage);
    },
  };
}
