import type { ServerCapabilities } from '../protocol/schema/index.js';
import type { PrimitiveLookup } from './registry/registry-view.interface.js';

/**
 * Server capabilities derived from what is registered, merged with the configured extras.
 * `listChanged` is always on because primitives can be added and removed at runtime.
 */
export function deriveCapabilities(
  primitives: PrimitiveLookup,
  extra: Record<string, unknown> = {},
): ServerCapabilities {
  const { tools, prompts, resources, resourceTemplates } = primitives;
  const caps: Record<string, unknown> = { logging: {} };
  if (tools.size > 0 || 'tools' in extra) caps.tools = { listChanged: true };
  // 2025-11-25 experimental tasks (the 2026-07-28 discover result shows the extension instead).
  for (const tool of tools.values()) {
    if (!tool.task) continue;
    caps.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
    break;
  }
  if (prompts.size > 0 || 'prompts' in extra) caps.prompts = { listChanged: true };
  const hasResources = resources.size > 0 || resourceTemplates.size > 0;
  if (hasResources || 'resources' in extra) caps.resources = { subscribe: true, listChanged: true };
  if (prompts.size > 0 || resourceTemplates.size > 0 || 'completions' in extra) {
    caps.completions = {};
  }
  for (const [key, value] of Object.entries(extra)) {
    const base = caps[key];
    caps[key] =
      typeof base === 'object' && base !== null && typeof value === 'object' && value !== null
        ? { ...base, ...value }
        : value;
  }
  return caps as ServerCapabilities;
}
