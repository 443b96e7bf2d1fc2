import type { ServerCapabilities } from '../../protocol/schema/index.js';
import type { McpServerEvent } from '../../stores/message-bus.interface.js';
import type { PrimitiveListKind } from '../registry/registry-view.interface.js';
import type { McpSession } from './mcp-session.js';

/**
 * Delivers one bus event to the 2025 sessions: `notifications/resources/updated` to the sessions
 * subscribed to the URI, `notifications/<kind>/list_changed` to those told `listChanged` at
 * initialize (or, before that, by the current capabilities) and opened before the change. Skips
 * uninitialized and closed ones.
 */
export function deliverToSessions(
  event: Exclude<McpServerEvent, { type: 'broadcast' }>,
  sessions: Iterable<McpSession>,
  server: { getCapabilities(): ServerCapabilities },
): void {
  for (const session of sessions) {
    if (!session.initialized || session.closed) continue;
    if (event.type === 'resource-updated') {
      if (session.subscriptionsIfAny?.has(event.uri)) {
        session.peer.notify('notifications/resources/updated', { uri: event.uri });
      }
    } else if (
      toldListChanged(session, event.kind, server) &&
      !(event.since !== undefined && session.openedAt > event.since)
    ) {
      session.peer.notify(`notifications/${event.kind}/list_changed`);
    }
  }
}

function toldListChanged(
  session: McpSession,
  kind: PrimitiveListKind,
  server: { getCapabilities(): ServerCapabilities },
): boolean {
  const capability = (session.advertised ?? server.getCapabilities())[kind];
  return capability?.listChanged === true;
}
