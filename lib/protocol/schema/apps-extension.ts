import { z } from 'zod';

// The MCP Apps extension (`io.modelcontextprotocol/ui`, SEP-1865): a tool names a `ui://` view
// resource in `_meta.ui`, the view is HTML served with the `mcp-app` profile and its `_meta.ui`
// carries the sandbox settings a host applies.

/** Identifier of the MCP Apps extension in `capabilities.extensions` (both eras). */
export const MCP_APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** MIME type of an MCP App view resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** The deprecated flat tool `_meta` key some hosts still read in place of `_meta.ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = 'ui/resourceUri';

/** Who may call a tool that has a view: the model (agent), the view itself, or both (default). */
export const McpAppVisibilitySchema = z.enum(['model', 'app']);
/** `'model'` or `'app'`. */
export type McpAppVisibility = z.infer<typeof McpAppVisibilitySchema>;

/** A tool's `_meta.ui`: the view rendering its results and who may call it. */
export const McpAppToolMetaSchema = z.looseObject({
  resourceUri: z.optional(z.string()),
  visibility: z.optional(z.array(McpAppVisibilitySchema)),
});
/** A tool's `_meta.ui`. */
export type McpAppToolMeta = z.infer<typeof McpAppToolMetaSchema>;

/** Origins a view may reach, each mapped by the host to a CSP directive. */
export const McpAppCspSchema = z.looseObject({
  /** `connect-src`: fetch, XHR, WebSocket. */
  connectDomains: z.optional(z.array(z.string())),
  /** `img-src`, `script-src`, `style-src`, `font-src`, `media-src`. */
  resourceDomains: z.optional(z.array(z.string())),
  /** `frame-src`: nested iframes. */
  frameDomains: z.optional(z.array(z.string())),
  /** `base-uri`. */
  baseUriDomains: z.optional(z.array(z.string())),
});
/** The CSP domains of a view. */
export type McpAppCsp = z.infer<typeof McpAppCspSchema>;

const Flag = z.optional(z.looseObject({}));

/** Browser permissions a view asks for (the iframe's `allow` attribute). */
export const McpAppPermissionsSchema = z.looseObject({
  camera: Flag,
  microphone: Flag,
  geolocation: Flag,
  clipboardWrite: Flag,
});
/** The permissions a view asks for. */
export type McpAppPermissions = z.infer<typeof McpAppPermissionsSchema>;

/** A view resource's `_meta.ui` (on its `resources/list` entry and on its read contents). */
export const McpAppViewMetaSchema = z.looseObject({
  csp: z.optional(McpAppCspSchema),
  permissions: z.optional(McpAppPermissionsSchema),
  /** A dedicated sandbox origin; its format is up to each host. */
  domain: z.optional(z.string()),
  /** true: the host draws a border and background; false: none; absent: the host decides. */
  prefersBorder: z.optional(z.boolean()),
});
/** A view's `_meta.ui`. */
export type McpAppViewMeta = z.infer<typeof McpAppViewMetaSchema>;

/** The extension's settings in client capabilities: the view MIME types the host renders. */
export const McpAppsClientSettingsSchema = z.looseObject({
  mimeTypes: z.optional(z.array(z.string())),
});

/**
 * True when client capabilities declare the MCP Apps extension with the HTML view type (an
 * entry without `mimeTypes` counts as HTML, the only type the extension defines).
 */
export function clientSupportsApps(capabilities: { extensions?: unknown } | undefined): boolean {
  const extensions = capabilities?.extensions as Record<string, unknown> | undefined;
  const settings = extensions?.[MCP_APPS_EXTENSION_ID];
  if (typeof settings !== 'object' || settings === null) return false;
  const { mimeTypes } = settings as { mimeTypes?: unknown };
  return !Array.isArray(mimeTypes) || mimeTypes.includes(MCP_APP_MIME_TYPE);
}
