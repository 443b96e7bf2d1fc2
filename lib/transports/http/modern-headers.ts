import type { IncomingMessage } from 'node:http';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import type { ParamHeaderRule } from '../../protocol/modern/mcp-header-annotations.js';

/** -32020 Header mismatch (HTTP 400). The message names the header, never echoes its value. */
export function headerMismatch(message: string): McpError {
  return new McpError(ErrorCode.HeaderMismatch, message);
}

/** A header's first value with leading/trailing OWS (space, tab) removed; undefined when absent. */
export function headerValue(req: IncomingMessage, lowerName: string): string | undefined {
  const raw = req.headers[lowerName];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined ? undefined : value.replace(/^[ \t]+|[ \t]+$/g, '');
}

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const LITERAL = /^[\t\x20-\x7e]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a header value of SEP-2243: `=?base64?<b64>?=` is strict Base64 of UTF-8 (bad padding,
 * characters outside the alphabet or invalid UTF-8 are refused); anything else is literal and
 * may only hold visible ASCII, space and tab. Returns undefined when the value is invalid.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const sentinel = SENTINEL.exec(raw);
  if (!sentinel) return LITERAL.test(raw) ? raw : undefined;
  const b64 = sentinel[1]!;
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) return undefined;
  try {
    return utf8.decode(Buffer.from(b64, 'base64'));
  } catch {
    return undefined;
  }
}

/** Which body field `Mcp-Name` mirrors, per method. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** `MCP-Protocol-Version` must equal the `_meta` version (-32020 otherwise). */
export function checkVersionHeader(req: IncomingMessage, metaVersion: string): void {
  const header = headerValue(req, 'mcp-protocol-version');
  if (header === undefined) throw headerMismatch('MCP-Protocol-Version header is required');
  if (header !== metaVersion) {
    throw headerMismatch('MCP-Protocol-Version header does not match params._meta');
  }
}

/**
 * `Mcp-Method` on every request and `Mcp-Name` on tools/call, prompts/get, resources/read must
 * be present and equal (case-sensitive, after decoding) to the body (-32020 otherwise).
 */
export function checkStandardHeaders(req: IncomingMessage, request: JsonRpcRequest): void {
  const method = headerValue(req, 'mcp-method');
  if (method === undefined) throw headerMismatch('Mcp-Method header is required');
  if (method !== request.method) throw headerMismatch('Mcp-Method header does not match the body');
  const field = NAME_FIELD[request.method];
  if (!field) return;
  const raw = headerValue(req, 'mcp-name');
  if (raw === undefined) throw headerMismatch('Mcp-Name header is required');
  const expected = (request.params as Record<string, unknown> | undefined)?.[field];
  if (decodeHeaderValue(raw) !== expected) {
    throw headerMismatch('Mcp-Name header does not match the body');
  }
}

function valueAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function matches(decoded: string, value: unknown, type: ParamHeaderRule['type']): boolean {
  if (type === 'string') return decoded === value;
  if (type === 'boolean') return decoded === String(value);
  // Integers compare numerically (`007` matches 7).
  return /^-?\d+$/.test(decoded) && typeof value === 'number' && Number(decoded) === value;
}

/**
 * `Mcp-Param-*` of a tool's `x-mcp-header` properties: a value present in `arguments` needs its
 * header, equal after decoding (integers numerically, booleans as true/false); an absent or
 * null value needs none. Any violation is -32020.
 */
export function checkParamHeaders(
  req: IncomingMessage,
  rules: readonly ParamHeaderRule[],
  args: unknown,
): void {
  for (const rule of rules) {
    const value = valueAt(args, rule.path);
    if (value === undefined || value === null) continue;
    const raw = headerValue(req, rule.headerLower);
    if (raw === undefined) throw headerMismatch(`Mcp-Param-${rule.header} header is required`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined || !matches(decoded, value, rule.type)) {
      throw headerMismatch(`Mcp-Param-${rule.header} header does not match the arguments`);
    }
  }
}
