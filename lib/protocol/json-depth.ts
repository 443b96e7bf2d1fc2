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
  return containerExceeds(value, maxDepth);
}

/**
 * {@link exceedsJsonDepth} of a container: recurses only into the members that are containers
 * themselves, so a string, number or boolean member costs a type check and no call (most members
 * of a message are such leaves).
 */
function containerExceeds(value: object, maxDepth: number): boolean {
  if (maxDepth <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'object' && item !== null && containerExceeds(item, maxDepth - 1)) {
        return true;
      }
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (typeof member === 'object' && member !== null && containerExceeds(member, maxDepth - 1)) {
      return true;
    }
  }
  return false;
}
