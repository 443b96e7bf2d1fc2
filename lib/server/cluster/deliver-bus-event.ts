import type { ServerCapabilities } from '../../protocol/schema/index.js';
import type { McpBusEvent } from '../../stores/message-bus.interface.js';
import type { ListenHub } from '../listen/listen-hub.js';
import { deliverBroadcast } from '../session/deliver-broadcast.js';
import { deliverToSessions } from '../session/deliver-to-sessions.js';
import type { LiveSessions } from '../session/live-sessions.js';
import type { ClusterRelay } from './cluster-relay.js';

/** What one instance delivers bus events to. */
export interface BusDeliveryTargets {
  sessions: LiveSessions;
  listen?: ListenHub;
  /** Set on a shared bus: cluster events go to it, and it tags what server events store. */
  cluster?: ClusterRelay;
  server: { getCapabilities(): ServerCapabilities };
}

/**
 * Delivers one event from the {@link MessageBus} on this instance: a broadcast to the 2025
 * sessions it names, a resource update or list change to the 2025 sessions and the 2026-07-28
 * listen streams here, and every cluster event to the {@link ClusterRelay}. While a server event
 * is delivered, the relay knows its id, so each session log stores it once however many instances
 * hold a live copy of the session.
 */
export function deliverBusEvent(event: McpBusEvent, to: BusDeliveryTargets): void {
  if (
    event.type !== 'broadcast' &&
    event.type !== 'resource-updated' &&
    event.type !== 'list-changed'
  ) {
    to.cluster?.receive(event);
    return;
  }
  const { cluster } = to;
  // An event published while another is delivered here is delivered at once (see ServerEvents):
  // the outer one's id is back once it is done.
  const outer = cluster?.deliveringEventId;
  if (cluster) cluster.deliveringEventId = event.id;
  try {
    if (event.type === 'broadcast') deliverBroadcast(event.to, event.message, to.sessions);
    else {
      to.listen?.deliver(event); // 2026-07-28 listen streams, each with its own filter and tag
      deliverToSessions(event, to.sessions, to.server);
    }
  } finally {
    if (cluster) cluster.deliveringEventId = outer;
  }
}
