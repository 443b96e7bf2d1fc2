import { levelSeverity } from '../../protocol/protocol-context.interface.js';
import type {
  McpBroadcastAudience,
  McpBroadcastMessage,
} from '../../stores/message-bus.interface.js';
import type { McpSession } from './mcp-session.js';

/** The live sessions a broadcast can reach in this process. */
export interface BroadcastSessions extends Iterable<McpSession> {
  get(id: string): McpSession | undefined;
}

function* audienceOf(to: McpBroadcastAudience, sessions: BroadcastSessions): Iterable<McpSession> {
  if (to.kind === 'session') {
    const session = sessions.get(to.sessionId);
    if (session) yield session;
    return;
  }
  for (const session of sessions) {
    if (to.kind === 'all' || session.principal === to.principal) yield session;
  }
}

/**
 * Delivers one broadcast (from the bus) to the 2025-era sessions of this process it targets:
 * initialized, open, not a stateless-mode throw-away. A log message honours the session's
 * `logging/setLevel` threshold (everything passes when none was set). Never throws: a session
 * that cannot take the message is skipped.
 */
export function deliverBroadcast(
  to: McpBroadcastAudience,
  message: McpBroadcastMessage,
  sessions: BroadcastSessions,
): void {
  for (const session of audienceOf(to, sessions)) {
    if (!session.initialized || session.closed || session.ephemeral) continue;
    try {
      if (message.kind === 'notification') {
        session.peer.notify(message.method, message.params);
        continue;
      }
      const threshold = session.protocol.logLevel;
      if (threshold && levelSeverity(message.level) < levelSeverity(threshold)) continue;
      const params: Record<string, unknown> = { level: message.level, data: message.data };
      if (message.logger !== undefined) params.logger = message.logger;
      session.peer.notify('notifications/message', params);
    } catch {
      // The session's transport refused the message (closing, undeliverable): skip it.
    }
  }
}
