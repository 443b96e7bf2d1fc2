/** What kind of aggregated item two servers both offer. */
export type McpAggregateKind = 'tool' | 'prompt' | 'resource' | 'resource template';

/**
 * Two servers of a client manager offer an item under the same exposed name (tools, prompts) or
 * URI (resources, templates). Under `namespace.collisions: 'error'` the manager's `connect()`
 * rejects with it; otherwise (and for a collision that appears later, on a list change) the
 * first server in the config keeps the name and the error is reported on `errors$`.
 */
export class McpNameCollisionError extends Error {
  constructor(
    /** The kind of item. */
    readonly kind: McpAggregateKind,
    /** The name or URI both servers expose. */
    readonly exposedName: string,
    /** The two servers, the one that keeps it first. */
    readonly servers: readonly [string, string],
  ) {
    super(
      `${kind[0]!.toUpperCase()}${kind.slice(1)} "${exposedName}" is offered by both ` +
        `"${servers[0]}" and "${servers[1]}"; "${servers[1]}"'s is left out ` +
        `(use namespace.collisions 'prefix-always' or 'prefix-on-collision', or rename one)`,
    );
    this.name = 'McpNameCollisionError';
  }
}
