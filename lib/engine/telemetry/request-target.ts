import type { McpRequestTarget } from './mcp-telemetry-events.interface.js';

/** The tool, prompt or resource a request names, read from its params (only when traced). */
export function requestTarget(method: string, params: unknown): McpRequestTarget {
  if (typeof params !== 'object' || params === null) return {};
  const p = params as { name?: unknown; uri?: unknown };
  if (method === 'tools/call' && typeof p.name === 'string') return { toolName: p.name };
  if (method === 'prompts/get' && typeof p.name === 'string') return { promptName: p.name };
  if (method.startsWith('resources/') && typeof p.uri === 'string') return { resourceUri: p.uri };
  return {};
}

/** True for a `tools/call` result that reports a tool execution error. */
export function isToolError(method: string, result: unknown): boolean {
  return (
    method === 'tools/call' &&
    typeof result === 'object' &&
    result !== null &&
    (result as { isError?: unknown }).isError === true
  );
}
