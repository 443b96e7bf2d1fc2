/**
 * JSON of immutable values that many responses share (a list method's cached page of
 * descriptors), encoded once instead of on every response (issues 16 and 28: `tools/list` with
 * 200 tools). A result made by {@link sharedMemberResult} names its shared member; the encoder then
 * splices that member's cached JSON, as text ({@link encodeWithSharedMember}) or as UTF-8 bytes
 * ({@link spliceSharedMember}: no per-response string building nor UTF-8 conversion of the page),
 * in front of the rest of the result. A result sent whole by many responses (the `initialize`
 * result of a revision) is marked with {@link markSharedResult} and encoded once the same way. The
 * cache is keyed by the value's identity (a WeakMap): a registry change makes a new list (and new
 * capabilities, so a new `initialize` result), so a stale text is never used.
 */
// Symbol.for: the CommonJS and ESM copies of the package in one process must agree on it.
const SHARED_MEMBER = Symbol.for('nestjs-mcp.sharedMember');

/** A shared value's encodings: the text on first use, its UTF-8 bytes on first byte use. */
interface SharedEncoding {
  readonly text: string;
  bytes?: Buffer;
}

const encodings = new WeakMap<object, SharedEncoding>();

/** A result object that may name a shared member (a symbol key: JSON.stringify ignores it). */
interface MaybeShared {
  [SHARED_MEMBER]?: SharedPart;
  [key: string]: unknown;
}

/**
 * What of a result is shared: the member under this key, or (`true`) the whole result, itself
 * frozen (the `initialize` result of a revision, the same for every session until a registry
 * changes).
 */
export type SharedPart = string | true;

/**
 * JSON whose middle is a shared value's cached UTF-8 bytes: the JSON text is `head`, then
 * `bytes`, then `tail`. `bytes` is shared by every response of that page: never write into it.
 */
export interface SplicedJson {
  /** Text before the shared bytes. */
  readonly head: string;
  /** The shared value's JSON as UTF-8 (cached; read-only by contract). */
  readonly bytes: Buffer;
  /** Text after the shared bytes. */
  readonly tail: string;
}

/** Per member key, the prototype of the results sharing that member: it holds the mark. */
const sharedMemberPrototypes = new Map<string, object>();

/**
 * A result `{ [key]: value }` whose member is a frozen value shared by many results (a list's
 * cached page), whose JSON may then be encoded once. The value must never change (a frozen array
 * of frozen items). The mark is a non-enumerable member of the result's prototype, one per key:
 * the result still equals a plain one (copies and deep comparisons drop the mark), and making one
 * defines no property per response. Other members may be added to the result.
 */
export function sharedMemberResult<K extends string, V>(key: K, value: V): Record<K, V> {
  if (!Object.isFrozen(value)) throw new TypeError(`Shared member "${key}" must be frozen`);
  let prototype = sharedMemberPrototypes.get(key);
  if (prototype === undefined) {
    prototype = Object.defineProperty({}, SHARED_MEMBER, { value: key });
    sharedMemberPrototypes.set(key, prototype);
  }
  const result = Object.create(prototype) as Record<K, V>;
  result[key] = value;
  return result;
}

/**
 * Marks a result shared as a whole, before it is frozen: a value built once and sent as is by many
 * responses (the `initialize` result), whose JSON is then encoded once. It must never change once
 * frozen (nor its members).
 * @returns the result, to freeze
 */
export function markSharedResult<T extends object>(result: T): T {
  if (Object.isFrozen(result)) throw new TypeError('A shared result is marked before it is frozen');
  Object.defineProperty(result, SHARED_MEMBER, { value: true });
  return result;
}

/** The result's shared member key (`true`: the whole result), if it has one. */
export function sharedMemberOf(result: unknown): SharedPart | undefined {
  return typeof result === 'object' && result !== null
    ? (result as MaybeShared)[SHARED_MEMBER]
    : undefined;
}

/** Encodings of a shared value, its text encoded on first use. @throws what JSON.stringify throws */
function sharedEncoding(value: object): SharedEncoding {
  let encoding = encodings.get(value);
  if (encoding === undefined) {
    encoding = { text: JSON.stringify(value) };
    encodings.set(value, encoding);
  }
  return encoding;
}

/** The text before a shared member, by its key (`{"tools":`): a handful of list keys. */
const heads = new Map<string, string>();

/**
 * `result` split around its shared member `key`: the text before it and after it. A result
 * holding that member alone (a list's last or only page, every `tools/list` of a short list)
 * needs no copy of its other members nor their encoding: its tail is `}`.
 */
function splitAround(result: Record<string, unknown>, key: string): [string, object, string] {
  let head = heads.get(key);
  if (head === undefined) heads.set(key, (head = `{${JSON.stringify(key)}:`));
  const members = Object.keys(result);
  if (members.length === 1 && members[0] === key) return [head, result[key] as object, '}'];
  const { [key]: shared, ...rest } = result;
  const tail = JSON.stringify(rest);
  return [head, shared as object, tail === '{}' ? '}' : `,${tail.slice(1)}`];
}

/**
 * `JSON.stringify(result)` with its shared member `key` first, from the cache (same text as
 * JSON.stringify when `key` is the result's first member, which list results make it).
 * @throws what JSON.stringify throws
 */
export function encodeWithSharedMember(result: Record<string, unknown>, key: string): string {
  const [head, shared, tail] = splitAround(result, key);
  return `${head}${sharedEncoding(shared).text}${tail}`;
}

/**
 * The same JSON as {@link encodeWithSharedMember}, with the shared member as its cached UTF-8
 * bytes (encoded on first use per page), for writers that send bytes.
 * @throws what JSON.stringify throws
 */
export function spliceSharedMember(result: Record<string, unknown>, key: string): SplicedJson {
  const [head, shared, tail] = splitAround(result, key);
  const encoding = sharedEncoding(shared);
  encoding.bytes ??= Buffer.from(encoding.text, 'utf8');
  return { head, bytes: encoding.bytes, tail };
}

/**
 * The JSON of a result marked with {@link markSharedResult}, encoded on first use.
 * @throws what JSON.stringify throws
 */
export function sharedResultText(result: object): string {
  return sharedEncoding(result).text;
}

/**
 * {@link sharedResultText} as UTF-8 bytes, encoded on first use (shared: never write into them).
 * @throws what JSON.stringify throws
 */
export function sharedResultBytes(result: object): Buffer {
  const encoding = sharedEncoding(result);
  return (encoding.bytes ??= Buffer.from(encoding.text, 'utf8'));
}

/** Byte length of spliced JSON (a `content-length`). */
export function splicedByteLength(json: SplicedJson): number {
  return Buffer.byteLength(json.head) + json.bytes.length + Buffer.byteLength(json.tail);
}
