import type { JsonRpcMessage } from '../json-rpc.js';
import {
  encodeHeaderValue,
  MCP_NAME_FIELD,
  paramHeaderText,
  paramValueAt,
} from './header-values.js';
import type { ParamHeaderRule } from './mcp-header-annotations.js';

/**
 * The HTTP headers of one 2026-07-28 message (SEP-2243): `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name` for tools/call, prompts/get and resources/read, and for tools/call one
 * `Mcp-Param-<Name>` per `x-mcp-header` rule whose argument is present and not null. Values are
 * encoded with {@link encodeHeaderValue}. Header names are lowercase.
 */
export function modernRequestHeaders(
  message: JsonRpcMessage,
  protocolVersion: string,
  rules: readonly ParamHeaderRule[] = [],
): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': protocolVersion };
  if (!('method' in message)) return headers;
  headers['mcp-method'] = message.method;
  const params = message.params as Record<string, unknown> | undefined;
  const field = MCP_NAME_FIELD[message.method];
  const name = field ? params?.[field] : undefined;
  if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  for (const rule of rules) {
    const value = paramValueAt(params?.arguments, rule.path);
    if (value === undefined || value === null) continue;
    const text = paramHeaderText(value, rule.type);
    if (text !== undefined) headers[rule.headerLower] = encodeHeaderValue(text);
  }
  return headers;
}
