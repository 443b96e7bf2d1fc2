/**
 * An `mcpServers` entry that cannot be used (missing `command`/`url`, wrong types, a bad URL or
 * server name). Thrown at startup; the message starts with the entry's path
 * (`mcpServers.weather: ...`).
 */
export class McpServersConfigError extends Error {
  constructor(
    /** The server key at fault (undefined when the map itself is malformed). */
    readonly server: string | undefined,
    /** What is wrong with it. */
    readonly problem: string,
  ) {
    super(`${server === undefined ? 'mcpServers' : `mcpServers.${server}`}: ${problem}`);
    this.name = 'McpServersConfigError';
  }
}
