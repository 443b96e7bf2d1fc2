/**
 * Default bound on the nesting of an incoming JSON-RPC message (objects and arrays, the message
 * itself counting as one level). MCP messages nest a dozen levels at most; the bound keeps
 * attacker-shaped values (an array nested thousands deep) from reaching handlers, whose echo of
 * it would later make `JSON.stringify` overflow the stack.
 */
export const DEFAULT_MAX_JSON_DEPTH = 64;

/** Longest string request id accepted (characters); ids are echoed and kept in maps. */
export const MAX_REQUEST_ID_LENGTH = 256;

/**
 * True when `value` nests objects/arrays deeper than `maxDepth` levels. Stops at the first
 * container past the bound, so its recursion never goes deeper than `maxDepth + 1` frames.
 */
export function exceedsJsonDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (maxDepth <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (exceedsJsonDepth(item, maxDepth - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (exceedsJsonDepth(record[key], maxDepth - 1)) return true;
  return false;
}
