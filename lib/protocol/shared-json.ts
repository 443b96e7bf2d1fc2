/**
 * JSON text of immutable values that many responses share (a list method's cached page of
 * descriptors), encoded once instead of on every response (issue 16: `tools/list` with 200 tools).
 * A result names its shared member with {@link markSharedMember}; {@link encodeMessage} then
 * splices that member's cached JSON in front of the rest of the result. The cache is keyed by the
 * value's identity (a WeakMap): a registry change makes a new list, so a stale text is never used.
 */
// Symbol.for: the CommonJS and ESM copies of the package in one process must agree on it.
const SHARED_MEMBER = Symbol.for('nestjs-mcp.sharedMember');
const texts = new WeakMap<object, string>();

/** A result object that may name a shared member (a symbol key: JSON.stringify ignores it). */
interface MaybeShared {
  [SHARED_MEMBER]?: string;
  [key: string]: unknown;
}

/**
 * Marks `result[key]` (its first member) as a frozen value shared by many results, whose JSON may
 * be encoded once. The value must never change once marked (a frozen array of frozen items).
 */
export function markSharedMember(result: Record<string, unknown>, key: string): void {
  if (!Object.isFrozen(result[key])) throw new TypeError(`Shared member "${key}" must be frozen`);
  // Not enumerable: the result still equals a plain one (copies, deep comparisons drop the mark).
  Object.defineProperty(result, SHARED_MEMBER, { value: key, configurable: true });
}

/** The result's shared member key, if it has one. */
export function sharedMemberOf(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null
    ? (result as MaybeShared)[SHARED_MEMBER]
    : undefined;
}

/** JSON text of a shared value, encoded on first use. @throws what JSON.stringify throws */
function sharedText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * `JSON.stringify(result)` with its shared member `key` first, from the cache (same text as
 * JSON.stringify when `key` is the result's first member, which list results make it).
 * @throws what JSON.stringify throws
 */
export function encodeWithSharedMember(result: Record<string, unknown>, key: string): string {
  const { [key]: shared, ...rest } = result;
  const head = `{${JSON.stringify(key)}:${sharedText(shared as object)}`;
  const tail = JSON.stringify(rest);
  return tail === '{}' ? `${head}}` : `${head},${tail.slice(1)}`;
}
