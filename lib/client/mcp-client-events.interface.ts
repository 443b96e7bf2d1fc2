import type {
  CallToolResult,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
} from '../protocol/schema/index.js';
import type { McpCallProgress } from './mcp-client-options.interface.js';

/** Connection state of a client. */
export type McpClientState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** A `notifications/message` from the server (`level`, optional `logger`, any `data`). */
export type McpLogMessage = LoggingMessageNotificationParams;

/** A `notifications/progress` from the server. */
export type McpProgressEvent = ProgressNotificationParams;

/** What `callTool$` emits: progress events, then the result. */
export type ToolCallEvent<TStructured = unknown> =
  | ({ type: 'progress' } & McpCallProgress)
  | { type: 'result'; result: CallToolResult<TStructured> };
