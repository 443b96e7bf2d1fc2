import type { Implementation } from '../../protocol/schema/index.js';
import type { McpClientEra } from '../era/negotiated-server.js';

/**
 * Where one server of a client manager stands:
 * - `'connecting'`: first attempt under way;
 * - `'ready'`: connected, its items are in the aggregate;
 * - `'reconnecting'`: an attempt failed or the connection dropped; retrying with backoff (its
 *   items are out of the aggregate meanwhile). A transport that re-establishes its own connection
 *   (NATS, RabbitMQ) keeps its client and session: the server is `'reconnecting'` from the drop
 *   until the connection is back and its lists came again;
 * - `'failed'`: gave up (`reconnect: false` or `maxAttempts` reached);
 * - `'closed'`: the manager was closed.
 */
export type McpUpstreamState = 'connecting' | 'ready' | 'reconnecting' | 'failed' | 'closed';

/** The state and health of one server of a client manager (a snapshot; see `status$`). */
export interface McpUpstreamStatus {
  /** The server's key in `mcpServers`. */
  readonly name: string;
  readonly state: McpUpstreamState;
  /** When it entered this state. */
  readonly since: Date;
  /** Why the last attempt failed or the connection dropped (kept after a reconnect). */
  readonly lastError?: Error | undefined;
  /** Failed attempts in a row (0 once ready). */
  readonly failures: number;
  /** When the next attempt starts (while `'reconnecting'` and waiting). */
  readonly nextRetryAt?: Date | undefined;
  /** What the server said it is (while ready). */
  readonly serverInfo?: Implementation | undefined;
  /** The negotiated revision and era (while ready). */
  readonly protocolVersion?: string | undefined;
  readonly era?: McpClientEra | undefined;
}

/** A server of a client manager announced a list change (its refreshed list is in the aggregate). */
export interface McpUpstreamListChange {
  /** The server's key in `mcpServers`. */
  readonly server: string;
  /** The list it announced: `'resources'` covers its resource templates too. */
  readonly kind: 'tools' | 'prompts' | 'resources';
}
