/** One Redis node or sentinel: host and port. */
export interface RedisNodeAddress {
  readonly host: string;
  readonly port: number;
}

/**
 * Reads `'host:port'` strings (`'[::1]:6379'` for IPv6; a bare host means port 6379) and
 * `{ host, port }` objects.
 * @throws RangeError naming `option` for an empty list or an entry that is not an address.
 */
export function parseRedisNodes(
  option: string,
  entries: ReadonlyArray<string | RedisNodeAddress>,
): RedisNodeAddress[] {
  if (entries.length === 0) throw new RangeError(`${option} must list at least one host:port`);
  return entries.map((entry) => {
    const address = typeof entry === 'string' ? parseAddress(entry.trim()) : entry;
    if (
      !address ||
      typeof address.host !== 'string' ||
      address.host === '' ||
      !Number.isInteger(address.port) ||
      address.port < 1 ||
      address.port > 65_535
    ) {
      throw new RangeError(
        `${option}: "${String(typeof entry === 'string' ? entry : JSON.stringify(entry))}" is not host:port`,
      );
    }
    return { host: address.host, port: address.port };
  });
}

function parseAddress(text: string): RedisNodeAddress | undefined {
  const match =
    /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(text) ?? /^(?:\[([^\]]+)\]|([^:]+))$/.exec(text);
  if (!match) return undefined;
  return { host: match[1] ?? match[2], port: match[3] === undefined ? 6379 : Number(match[3]) };
}

/** `REDIS_CLUSTER_NODES` / `REDIS_SENTINELS` style: comma-separated `host:port` entries. */
export function splitRedisNodes(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
