import type { McpBusEvent, MessageBus } from './message-bus.interface.js';

/** Single-process message bus: delivers synchronously to local listeners. */
export class InMemoryMessageBus implements MessageBus {
  private readonly listeners = new Set<(event: McpBusEvent) => void>();

  publish(event: McpBusEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: McpBusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
