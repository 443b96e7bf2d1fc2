import type { IncomingHttpHeaders } from 'node:http';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import {
  decodeHeaderValue,
  MCP_NAME_FIELD,
  paramValueAt,
} from '../../protocol/modern/header-values.js';
import type { ParamHeaderRule } from '../../protocol/modern/mcp-header-annotations.js';

/** -32020 Header mismatch (HTTP 400). The message names the header, never echoes its value. */
export function headerMismatch(message: string): McpError {
  return new McpError(ErrorCode.HeaderMismatch, message);
}

/**
 * The headers of a request, read once from `req.headers` by the caller and passed to every check:
 * each read of Node's `headers` getter is a megamorphic keyed load (about 500 instructions under
 * callgrind), and a 2026-07-28 POST reads several headers.
 */
export type RequestHeaders = IncomingHttpHeaders;

/** A header's first value with leading/trailing OWS (space, tab) removed; undefined when absent. */
export function headerValue(headers: RequestHeaders, lowerName: string): string | undefined {
  return owsTrimmed(headers[lowerName]);
}

/**
 * {@link headerValue} of a value read already: the checks below read their fixed headers by
 * name (`headers['mcp-method']`), a property load that stays monomorphic, where a read through
 * a name passed in is a megamorphic keyed load on every request.
 */
function owsTrimmed(raw: string | string[] | undefined): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return value;
  // Node's parser trims most values already: the regex runs only when an edge is OWS.
  return isOws(value.charCodeAt(0)) || isOws(value.charCodeAt(value.length - 1))
    ? value.replace(/^[ \t]+|[ \t]+$/g, '')
    : value;
}

/** Space or horizontal tab. */
function isOws(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** `MCP-Protocol-Version` must equal the `_meta` version (-32020 otherwise). */
export function checkVersionHeader(headers: RequestHeaders, metaVersion: string): void {
  const header = owsTrimmed(headers['mcp-protocol-version']);
  if (header === undefined) throw headerMismatch('MCP-Protocol-Version header is required');
  if (header !== metaVersion) {
    throw headerMismatch('MCP-Protocol-Version header does not match params._meta');
  }
}

/**
 * `Mcp-Method` on every request and `Mcp-Name` on tools/call, prompts/get, resources/read must
 * be present and equal (case-sensitive, after decoding) to the body (-32020 otherwise).
 */
export function checkStandardHeaders(headers: RequestHeaders, request: JsonRpcRequest): void {
  const method = owsTrimmed(headers['mcp-method']);
  if (method === undefined) throw headerMismatch('Mcp-Method header is required');
  if (method !== request.method) throw headerMismatch('Mcp-Method header does not match the body');
  const field = MCP_NAME_FIELD[request.method];
  if (!field) return;
  const raw = owsTrimmed(headers['mcp-name']);
  if (raw === undefined) throw headerMismatch('Mcp-Name header is required');
  const expected = (request.params as Record<string, unknown> | undefined)?.[field];
  if (decodeHeaderValue(raw) !== expected) {
    throw headerMismatch('Mcp-Name header does not match the body');
  }
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
  headers: RequestHeaders,
  rules: readonly ParamHeaderRule[],
  args: unknown,
): void {
  for (const rule of rules) {
    const value = paramValueAt(args, rule.path);
    if (value === undefined || value === null) continue;
    const raw = headerValue(headers, rule.headerLower);
    if (raw === undefined) throw headerMismatch(`Mcp-Param-${rule.header} header is required`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined || !matches(decoded, value, rule.type)) {
      throw headerMismatch(`Mcp-Param-${rule.header} header does not match the arguments`);
    }
  }
}
