import type { McpBusEvent, MessageBus } from '../../../../../lib/stores/message-bus.interface.js';
import type { RegistrationStore } from '../../../../../lib/stores/registration-store.interface.js';

/** A bus shared by the servers of one test, delivering like pub/sub (to everyone, the sender too). */
export class SharedTestBus implements MessageBus {
  readonly shared = true;
  private readonly listeners = new Set<(event: McpBusEvent) => void>();
  readonly published: McpBusEvent[] = [];
  /** Set by a test to watch the relay's outage subscription. */
  onOutage?: (listener: (error: Error) => void) => () => void;

  constructor(readonly registrations?: RegistrationStore) {}

  publish(event: McpBusEvent): void {
    this.published.push(event);
    for (const listener of this.listeners) listener(structuredClone(event));
  }
  subscribe(listener: (event: McpBusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
