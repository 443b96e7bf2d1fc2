import type { McpServer } from './mcp-server.js';

/**
 * Server capabilities derived from what is registered, merged with the configured extras.
 * `listChanged` is always on because primitives can be added and removed at runtime.
 */
export function deriveCapabilities(
  server: McpServer,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const caps: Record<string, unknown> = { logging: {} };
  if (server.tools.size > 0 || 'tools' in extra) caps.tools = { listChanged: true };
  if (server.prompts.size > 0 || 'prompts' in extra) caps.prompts = { listChanged: true };
  const hasResources = server.resources.size > 0 || server.resourceTemplates.size > 0;
  if (hasResources || 'resources' in extra) caps.resources = { subscribe: true, listChanged: true };
  if (server.prompts.size > 0 || server.resourceTemplates.size > 0 || 'completions' in extra) {
    caps.completions = {};
  }
  for (const [key, value] of Object.entries(extra)) {
    const base = caps[key];
    caps[key] =
      typeof base === 'object' && base !== null && typeof value === 'object' && value !== null
        ? { ...base, ...value }
        : value;
  }
  return caps;
}

const GATES: Record<string, string> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources',
  'resources/unsubscribe': 'resources',
  'completion/complete': 'completions',
  'logging/setLevel': 'logging',
};

/** The server capability a method needs (undefined: none). */
export function capabilityGate(method: string): string | undefined {
  return GATES[method];
}
