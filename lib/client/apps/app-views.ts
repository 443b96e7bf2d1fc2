import {
  LEGACY_RESOURCE_URI_KEY,
  MCP_APPS_EXTENSION_ID,
  MCP_APP_MIME_TYPE,
  type McpAppViewMeta,
  type McpAppVisibility,
} from '../../protocol/schema/apps-extension.js';
import type { ReadResourceResult, Resource, Tool } from '../../protocol/schema/index.js';

/** The MCP Apps extension as a client declares it in its capabilities. */
export const APPS_CLIENT_EXTENSION = Object.freeze({
  [MCP_APPS_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] },
});

/** A tool's MCP App view, read from its `_meta` (`ui.resourceUri`, else the legacy key). */
export interface McpToolView {
  /** The `ui://` URI of the view resource. */
  resourceUri: string;
  /** Who may call the tool (default both). */
  visibility: McpAppVisibility[];
}

/** An MCP App view read from the server: its HTML and the sandbox settings to apply. */
export interface McpAppViewContent {
  uri: string;
  mimeType: string;
  html: string;
  /** `_meta.ui` of the read contents, else of the `resources/list` entry given. */
  meta: McpAppViewMeta;
}

/** The view of a tool, or undefined when it has none. */
export function toolViewOf(tool: Pick<Tool, '_meta'>): McpToolView | undefined {
  const meta = tool._meta;
  const ui = meta?.ui as { resourceUri?: unknown; visibility?: unknown } | undefined;
  const uri =
    typeof ui?.resourceUri === 'string' ? ui.resourceUri : meta?.[LEGACY_RESOURCE_URI_KEY];
  if (typeof uri !== 'string') return undefined;
  const visibility = Array.isArray(ui?.visibility)
    ? (ui.visibility.filter((v) => v === 'model' || v === 'app') as McpAppVisibility[])
    : (['model', 'app'] as McpAppVisibility[]);
  return { resourceUri: uri, visibility };
}

/**
 * The HTML and settings of a view from its `resources/read` result: the first contents with the
 * `mcp-app` MIME type (text or base64 blob); `_meta.ui` of the contents wins over the listing's.
 * @throws Error when the result holds no MCP App HTML.
 */
export function appViewContentOf(
  uri: string,
  result: ReadResourceResult,
  listing?: Pick<Resource, '_meta'>,
): McpAppViewContent {
  const item = result.contents.find((c) => c.mimeType === MCP_APP_MIME_TYPE);
  if (!item) throw new Error(`${uri} is not an MCP App view (no ${MCP_APP_MIME_TYPE} contents)`);
  const html =
    'text' in item && typeof item.text === 'string'
      ? item.text
      : Buffer.from(String((item as { blob?: string }).blob ?? ''), 'base64').toString('utf8');
  const meta = (item._meta?.ui ?? listing?._meta?.ui ?? {}) as McpAppViewMeta;
  return { uri, mimeType: MCP_APP_MIME_TYPE, html, meta };
}
