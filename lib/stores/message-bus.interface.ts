import type { LoggingLevel } from '../protocol/schema/index.js';

/**
 * Who a broadcast reaches: every 2025-era session, the sessions opened by one principal, or the
 * session with one id (on whichever instance holds it).
 */
export type McpBroadcastAudience =
  | { kind: 'all' }
  | { kind: 'principal'; principal: string }
  | { kind: 'session'; sessionId: string };

/** What a broadcast carries: a custom notification, or a log message (`notifications/message`). */
export type McpBroadcastMessage =
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  | { kind: 'log'; level: LoggingLevel; data: unknown; logger?: string };

/** A server-wide event that every instance must deliver to its own sessions. */
export type McpBusEvent =
  | { type: 'resource-updated'; uri: string }
  | { type: 'list-changed'; kind: 'tools' | 'prompts' | 'resources' }
  | { type: 'broadcast'; to: McpBroadcastAudience; message: McpBroadcastMessage };

/**
 * Fan-out of server-wide events across instances. The in-memory default serves one process;
 * a Redis pub/sub implementation can slot in for several instances. Events are plain JSON.
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
