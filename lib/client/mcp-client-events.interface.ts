import type {
  CallToolResult,
  LoggingMessageNotificationParams,
  ProgressNotificationParams,
} from '../protocol/schema/index.js';
import type { McpCallProgress } from './mcp-client-options.interface.js';
import type { McpInputRound } from './mrtr/input-round.interface.js';

/** Connection state of a client. */
export type McpClientState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** A `notifications/message` from the server (`level`, optional `logger`, any `data`). */
export type McpLogMessage = LoggingMessageNotificationParams;

/** A `notifications/progress` from the server. */
export type McpProgressEvent = ProgressNotificationParams;

/** What `callTool$` emits: progress events and (2026-07-28) input rounds, then the result. */
export type ToolCallEvent<TStructured = unknown> =
  | ({ type: 'progress' } & McpCallProgress)
  | ({ type: 'input' } & McpInputRound)
  | { type: 'result'; result: CallToolResult<TStructured> };
