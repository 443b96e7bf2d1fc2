import type { ServerCapabilities } from '../protocol/schema/index.js';
import type { PrimitiveLookup } from './registry/registry-view.interface.js';
import { MCP_APPS_EXTENSION_ID, MCP_APP_MIME_TYPE } from '../protocol/schema/apps-extension.js';
import { SKILLS_EXTENSION_ID } from '../protocol/schema/skills-extension.js';

/**
 * Server capabilities derived from what is registered, merged with the configured extras.
 * `listChanged` is always on because primitives can be added and removed at runtime.
 */
export function deriveCapabilities(
  primitives: PrimitiveLookup,
  extra: Record<string, unknown> = {},
  extensions?: Record<string, Record<string, unknown>>,
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
  // Extensions (SEP-1724) in both eras: MCP Apps once a view or a tool with one is registered.
  const apps = hasAppViews(primitives) && {
    [MCP_APPS_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] },
  };
  // Skills (SEP-2640) once one is registered (its files are resources, declared above).
  const skills = primitives.skills.size > 0 && { [SKILLS_EXTENSION_ID]: {} };
  if (apps || skills || extensions) caps.extensions = { ...apps, ...skills, ...extensions };
  for (const [key, value] of Object.entries(extra)) {
    const base = caps[key];
    caps[key] =
      typeof base === 'object' && base !== null && typeof value === 'object' && value !== null
        ? { ...base, ...value }
        : value;
  }
  return caps as ServerCapabilities;
}

function hasAppViews({ tools, resources }: PrimitiveLookup): boolean {
  for (const tool of tools.values()) if (tool.ui) return true;
  for (const resource of resources.values())
    if (resource.mimeType === MCP_APP_MIME_TYPE) return true;
  return false;
}
