/**
 * Values of the 2026-07-28 request headers `Mcp-Name` and `Mcp-Param-*` (SEP-2243): which body
 * field `Mcp-Name` mirrors, how a value is encoded into a header (client) and decoded from one
 * (server). Shared by both sides so they cannot disagree.
 */
import type { ParamHeaderRule } from './mcp-header-annotations.js';

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** What a client sends literally: visible ASCII and inner spaces only. */
const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Which body field `Mcp-Name` mirrors, per method (absent: the method has no `Mcp-Name`). */
export const MCP_NAME_FIELD: Readonly<Record<string, 'name' | 'uri' | 'taskId'>> = Object.freeze({
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // The tasks extension (SEP-2663): the task id routes a task's requests to its instance.
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
});

/**
 * Encodes a header value (client side): visible ASCII with no leading/trailing whitespace is sent
 * as is; anything else (non-ASCII, control characters such as CR/LF/tab, edge spaces, the empty
 * string) and a value that itself looks like the sentinel becomes `=?base64?<UTF-8 base64>?=`, so
 * no value can inject a header line.
 */
export function encodeHeaderValue(value: string): string {
  if (value === '' || (PLAIN.test(value) && !SENTINEL.test(value))) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * Decodes a header value (server side): `=?base64?<b64>?=` is strict Base64 of UTF-8 (bad padding,
 * characters outside the alphabet or invalid UTF-8 are refused); anything else is literal and may
 * only hold visible ASCII, space and tab. Returns undefined when the value is invalid.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  // Every 2026-07-28 request has an `Mcp-Name` to decode: a value that cannot be the sentinel (it
  // starts with `=`) is checked by one pass over its characters, with no regular expression run.
  const sentinel = raw.charCodeAt(0) === 0x3d ? SENTINEL.exec(raw) : null;
  if (!sentinel) return isLiteral(raw) ? raw : undefined;
  const b64 = sentinel[1]!;
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) return undefined;
  try {
    return utf8.decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/** What a server accepts literally: visible ASCII, space and tab only (RFC 9110 field values). */
function isLiteral(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if ((code < 0x20 || code > 0x7e) && code !== 0x09) return false;
  }
  return true;
}

/** The value at an annotated property's path in `arguments` (undefined when any step is missing). */
export function paramValueAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The header text of an annotated argument before encoding: strings as is, integers in decimal,
 * booleans as `true`/`false`. Undefined when the value does not have the annotated type (the
 * header is then left out and the server reports the mismatch).
 */
export function paramHeaderText(value: unknown, type: ParamHeaderRule['type']): string | undefined {
  if (type === 'string') return typeof value === 'string' ? value : undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? String(value) : undefined;
  return Number.isSafeInteger(value) ? String(value) : undefined;
}
