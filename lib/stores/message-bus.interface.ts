/** A server-wide event that every instance must deliver to its own sessions. */
export type McpBusEvent =
  | { type: 'resource-updated'; uri: string }
  | { type: 'list-changed'; kind: 'tools' | 'prompts' | 'resources' };

/**
 * Fan-out of server-wide events across instances. The in-memory default serves one process;
 * a Redis pub/sub implementation can slot in for several instances.
 */
export interface MessageBus {
  publish(event: McpBusEvent): void | Promise<void>;
  /** Registers a listener; returns a function that removes it. */
  subscribe(listener: (event: McpBusEvent) => void): () => void;
  /**
   * Optional health probe: resolves when the backing service answers (e.g. a Redis `PING`).
   * `McpHealthIndicator` calls it; without it the store is reported as not checked.
   */
  ping?(): Promise<void>;
}
