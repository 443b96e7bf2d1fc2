import { publishClusterEvent } from '../../engine/telemetry/mcp-channels.js';
import type { McpClusterEventKind } from '../../engine/telemetry/mcp-telemetry-events.interface.js';

/** Counts of the Redis stores since they connected (`McpRedisStores.stats()`, the health indicator). */
export interface McpRedisStats {
  /** Bus messages published. */
  readonly published: number;
  /** Bus messages received from other instances. */
  readonly relayed: number;
  /** Bus messages that could not be published. */
  readonly publishFailures: number;
  /** Store commands that failed (each answered with the generic unavailable error). */
  readonly commandFailures: number;
  /** Streams replayed from the event store. */
  readonly replays: number;
}

type Counted = Exclude<McpClusterEventKind, 'task-orphaned'>;
const FIELD: Record<Counted, keyof McpRedisStats> = {
  relayed: 'relayed',
  'publish-failed': 'publishFailures',
  'command-failed': 'commandFailures',
  replay: 'replays',
};

/** The counters of one set of Redis stores; each count is also published on the `cluster` channel. */
export class RedisCounters {
  private readonly counts = {
    published: 0,
    relayed: 0,
    publishFailures: 0,
    commandFailures: 0,
    replays: 0,
  };

  /** One bus message published (not a telemetry event: the hot path stays quiet). */
  published(): void {
    this.counts.published++;
  }

  /** Counts one event and publishes it on the `cluster` channel. */
  count(kind: Counted): void {
    this.counts[FIELD[kind]]++;
    publishClusterEvent({ kind });
  }

  /** A snapshot of the counts. */
  snapshot(): McpRedisStats {
    return { ...this.counts };
  }
}
