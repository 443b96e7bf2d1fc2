import type { JsonRpcMessage } from '../protocol/json-rpc.js';
import type { LoggingLevel } from '../protocol/schema/index.js';
import type { RegistrationStore } from './registration-store.interface.js';

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

/**
 * A server-wide event that every instance must deliver to its own sessions. On a shared bus it
 * carries a unique `id`, so the instances that each deliver it to a copy of the same session
 * store it once in that session's stream.
 */
export type McpServerEvent = (
  | { type: 'resource-updated'; uri: string }
  | {
      type: 'list-changed';
      kind: 'tools' | 'prompts' | 'resources';
      /**
       * The `performance.now()` of the latest change announced, on an instance-local event only:
       * sessions and streams opened after it are not told (their first list shows the change).
       */
      since?: number;
    }
  | { type: 'broadcast'; to: McpBroadcastAudience; message: McpBroadcastMessage }
) & { id?: string };

/**
 * Events between the instances of one service sharing a bus (`MessageBus.shared`), each naming the
 * instance that sent it (`from`):
 * - `instance-alive`: the sender's heartbeat; an instance silent for a few seconds counts as gone;
 * - `session-updated`: a 2025 session's subscriptions or log level changed on the sender;
 * - `session-message`: a server-to-client message of a session, for the instance holding its stream;
 * - `client-message`: a client message received by the sender for a session whose handler (or
 *   legacy SSE stream) lives on instance `to`, with the headers of the HTTP request that carried it;
 * - `task-control`: a `tasks/cancel` (`action: 'cancel'`) or `tasks/update` (`action: 'input'`,
 *   with the `inputResponses`) received by the sender for a task whose handler runs on `to`;
 * - `task-status`: a task running on the sender changed status; `task` is its 2026-07-28
 *   `notifications/tasks` payload, for the listen streams of every instance;
 * - `session-ended`: a session ended on the sender (DELETE, lost record): every instance drops
 *   its live copy;
 * - `client-cancel`: a 2025 `notifications/cancelled` received by the sender for a request it
 *   is not running, for the instance that runs it;
 * - `registration`: a cluster-wide registration was added (`factory` run with `params` on every
 *   instance) or removed (`factory` absent), see `McpServer.cluster`.
 */
export type McpClusterEvent =
  | { type: 'instance-alive'; from: string }
  | {
      type: 'session-updated';
      from: string;
      sessionId: string;
      subscriptions: string[];
      logLevel?: string;
    }
  | { type: 'session-message'; from: string; sessionId: string; message: JsonRpcMessage }
  | {
      type: 'client-message';
      from: string;
      to: string;
      sessionId: string;
      message: JsonRpcMessage;
      headers?: Record<string, string | string[] | undefined>;
    }
  | {
      type: 'task-control';
      from: string;
      to: string;
      taskId: string;
      action: 'cancel' | 'input';
      responses?: Record<string, unknown>;
    }
  | { type: 'task-status'; from: string; taskId: string; task: Record<string, unknown> }
  | { type: 'session-ended'; from: string; sessionId: string }
  | { type: 'client-cancel'; from: string; sessionId: string; message: JsonRpcMessage }
  | {
      type: 'registration';
      from: string;
      id: string;
      factory?: string;
      params?: Record<string, unknown>;
      at?: number;
    };

/** Everything that travels on a {@link MessageBus}. */
export type McpBusEvent = McpServerEvent | McpClusterEvent;

/**
 * Fan-out of server-wide events across instances. The in-memory default serves one process;
 * the Redis implementation (`RedisMessageBus`) connects the instances of a service.
 */
export interface MessageBus {
  /**
   * True when other instances receive what is published (the server then routes session
   * messages across instances and prefixes its request ids with its instance id). Default false.
   */
  readonly shared?: boolean;
  /**
   * Where cluster-wide registrations are kept for instances started later (a shared bus has one;
   * `McpServer.cluster` needs it to register).
   */
  readonly registrations?: RegistrationStore;
  /** Publishes `event` to every instance; never throws (a failure is the bus's to log). */
  publish(event: McpBusEvent): void | Promise<void>;
  /**
   * Optional: publishes and resolves once the backing service took the event, or rejects (a
   * `StoreUnavailableError`) when it did not within its command timeout. Used where a client
   * must hear that its message went nowhere (a 503 instead of a 202); without it `publish` is
   * trusted.
   */
  publishConfirmed?(event: McpBusEvent): Promise<void>;
  /** Registers a listener; returns a function that removes it. */
  subscribe(listener: (event: McpBusEvent) => void): () => void;
  /**
   * Optional health probe: resolves when the backing service answers (e.g. a Redis `PING`).
   * `McpHealthIndicator` calls it; without it the store is reported as not checked.
   */
  ping?(): Promise<void>;
  /**
   * Optional outage notification of a shared bus: calls `listener` when the bus loses its backing
   * service or a publish fails (and again while it stays lost), with the generic error that what
   * waits on the bus (answers relayed by other instances) fails with; returns a function that
   * removes it.
   */
  onOutage?(listener: (error: Error) => void): () => void;
}
