import type { RequestScope } from '../context/request-scope.interface.js';
import type { McpServer } from '../mcp-server.js';
import { McpError } from '../../errors/mcp.error.js';

/** Serves one MCP method. Built once; called per request. */
export type MethodHandler = (
  scope: RequestScope,
  server: McpServer,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** Reads a required string param or throws `-32602`. */
export function requireString(params: Record<string, unknown>, key: string): string {
  const value = params[key];
  if (typeof value !== 'string') {
    throw McpError.invalidParams(`"${key}" must be a string`);
  }
  return value;
}

/** Reads an optional object param (default `{}`) or throws `-32602`. */
export function optionalObject(
  params: Record<string, unknown>,
  key: string,
): Record<string, unknown> {
  const value = params[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw McpError.invalidParams(`"${key}" must be an object`);
  }
  return value as Record<string, unknown>;
}
