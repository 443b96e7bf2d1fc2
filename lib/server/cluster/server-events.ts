import type {
  McpBusEvent,
  McpServerEvent,
  MessageBus,
} from '../../stores/message-bus.interface.js';

/**
 * Sends this server's events (broadcasts, resource updates, list changes) over the
 * {@link MessageBus} and hands the bus's events to `deliver` on this instance.
 *
 * On a bus shared by instances an event gets an id (`<instance id>.<n>`, the key that stores it
 * once in a session's shared log) and is delivered here at once, in the order it was sent, then
 * published for the others; its copy coming back through the bus is skipped. So what a handler
 * broadcasts reaches this instance's copy of its session (and that session's log) before the
 * handler's request is answered, as on one instance (see `McpSession.logged`): the order of a
 * session's GET stream follows cause and effect whichever instance serves each request. On a
 * bus of one process (`shared` false) the bus delivers every event itself.
 */
export class ServerEvents {
  /** The id prefix of this instance's events (shared bus only). */
  private readonly own?: string;
  private sent = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: MessageBus,
    private readonly deliver: (event: McpBusEvent) => void,
    /** This instance's id on a shared bus (`ClusterRelay.instanceId`). */
    instanceId?: string,
  ) {
    const own = instanceId === undefined ? undefined : `${instanceId}.`;
    this.own = own;
    this.unsubscribe = bus.subscribe(
      own === undefined
        ? deliver
        : (event) => {
            if (!isOwn(event, own)) deliver(event);
          },
    );
  }

  /** Publishes `event` (on a shared bus: delivered here at once, see the class comment). */
  publish(event: McpServerEvent): void {
    if (this.own === undefined) {
      void this.bus.publish(event);
      return;
    }
    const tagged = { ...event, id: `${this.own}${++this.sent}` };
    void this.bus.publish(tagged);
    this.deliver(tagged);
  }

  /** Stops receiving the bus's events. */
  close(): void {
    this.unsubscribe();
  }
}

/** True for a server event this instance published (already delivered here). */
function isOwn(event: McpBusEvent, own: string): boolean {
  return (
    (event.type === 'broadcast' ||
      event.type === 'resource-updated' ||
      event.type === 'list-changed') &&
    event.id !== undefined &&
    event.id.startsWith(own)
  );
}
