import { isPlainObject } from '../protocol/plain-object.js';
import type { ClientCapabilities, Implementation } from '../protocol/schema/index.js';
import type { McpClientOptions } from './mcp-client-options.interface.js';
import { APPS_CLIENT_EXTENSION } from './apps/app-views.js';

/** The `clientInfo` a client sends when its options name none. */
export const DEFAULT_CLIENT_INFO: Implementation = { name: 'nestjs-mcp-client', version: '0.1.0' };

/**
 * The capabilities a client declares (in `initialize`, or in every 2026-07-28 request's `_meta`):
 * the explicit option, else derived from the handlers given (`sampling`, `elicitation` with form
 * and URL modes, `roots` with `listChanged`, or without it for a `listRoots` handler), and the MCP Apps extension with option `apps`.
 */
export function clientCapabilities(options: McpClientOptions): ClientCapabilities {
  if (options.capabilities) return options.capabilities;
  const caps: ClientCapabilities = {};
  if (options.sampling) caps.sampling = {};
  if (options.elicitation) caps.elicitation = { form: { applyDefaults: true }, url: {} };
  if (options.roots) caps.roots = { listChanged: true };
  else if (options.listRoots) caps.roots = {};
  if (options.apps) caps.extensions = { ...APPS_CLIENT_EXTENSION };
  return caps;
}

/**
 * `extra` merged into `base` (Hermes `merge_capabilities`): nested objects are merged key by key,
 * any other value of `extra` replaces the one in `base`. Neither input is changed.
 */
export function mergeClientCapabilities(
  base: ClientCapabilities,
  extra: ClientCapabilities,
): ClientCapabilities {
  return deepMerge(base, extra) as ClientCapabilities;
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): unknown {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (key === '__proto__') continue;
    const current = merged[key];
    merged[key] =
      isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
