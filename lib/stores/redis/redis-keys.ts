/**
 * The one key layout of the Redis stores. Every key starts with the configured prefix (which may
 * not hold braces). Keys that a script or transaction touches together must hash to one Redis
 * Cluster slot, so an entity's keys carry its id as a hash tag (`<prefix>task:{<id>}`); every
 * command and script of the stores touches keys of one tag only, which keeps them valid on a
 * sharded Redis Cluster.
 */
export class RedisKeys {
  constructor(
    /** The configured prefix (`'mcp:'` by default). */
    readonly prefix: string,
  ) {}

  /** `<prefix>part:part...`: a key used alone. */
  plain(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /**
   * `<prefix><kind>:{<id>}[:<suffix>...]`: keys sharing `kind` and `id` share a Cluster slot (a `}`
   * in `id` ends the tag early, but equally for every key of that id, so they still share one).
   */
  tagged(kind: string, id: string, ...suffix: string[]): string {
    const tail = suffix.length > 0 ? `:${suffix.join(':')}` : '';
    return `${this.prefix}${kind}:{${id}}${tail}`;
  }

  /** The pub/sub channel of the bus. */
  bus(): string {
    return this.plain('bus');
  }

  /** A session record. */
  session(id: string): string {
    return this.plain('session', id);
  }

  /**
   * The expiry index of the session records (a sorted set: session id → when its record is due to
   * be checked, Redis time in ms), which the instances sweep to end expired sessions once.
   */
  sessionExpiry(): string {
    return this.plain('session-expiry');
  }

  /**
   * The last record written of a session, kept past the record's expiry (until the sweep claims
   * it) so the session-ended hook of an expired session still has its principal, client and state.
   */
  sessionLast(id: string): string {
    return this.plain('session-last', id);
  }

  /** The Redis stream of one SSE stream's events (tagged: a script pairs it with its once-set). */
  events(streamId: string): string {
    return this.tagged('events', streamId);
  }

  /** The once-keys of one SSE stream (`storeEventOnce`), in the slot of its {@link events} key. */
  eventsOnce(streamId: string): string {
    return this.tagged('events-once', streamId);
  }

  /**
   * The pub/sub channel announcing appends to one SSE stream (its followers wake on it); not a
   * key, but tagged like the stream so a script appending to it may publish here too.
   */
  eventsWake(streamId: string): string {
    return this.tagged('events-wake', streamId);
  }

  /** The cluster-wide runtime registrations (a hash: id → record), see `McpServer.cluster`. */
  registrations(): string {
    return this.plain('registrations');
  }

  /** A task record (a hash). */
  task(taskId: string): string {
    return this.tagged('task', taskId);
  }

  /** The index of one owner's tasks (a sorted set by creation time). */
  tasksOf(owner: string): string {
    return this.tagged('tasks-of', owner);
  }

  /**
   * A key of the shared limits (a capped set, a member's set list, a rate window): all of them
   * share the hash tag `{limits}`, so one script may touch several on a Redis Cluster.
   */
  limit(name: string): string {
    return this.tagged('limits', 'limits', name);
  }
}
