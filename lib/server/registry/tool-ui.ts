import {
  LEGACY_RESOURCE_URI_KEY,
  type McpAppVisibility,
} from '../../protocol/schema/apps-extension.js';
import type { Tool } from '../../protocol/schema/index.js';

/** The `ui` option of `@Tool()` / `registerTool()`: the MCP App view that renders its results. */
export interface McpToolUi {
  /** URI of the view resource (`ui://...`), declared with `@AppView()` or `registerAppView()`. */
  view: string;
  /**
   * Who may call the tool: `'model'` (the agent), `'app'` (the view, through its host), or both
   * (default). An app-only tool is left out of `tools/list` for clients without the extension.
   */
  visibility?: McpAppVisibility[];
}

/** A tool's view as the registry keeps it. */
export interface ResolvedToolUi {
  readonly view: string;
  readonly visibility: readonly McpAppVisibility[];
}

/**
 * Checks a tool's `ui` option and returns it resolved with the `_meta` it adds: `ui`
 * (`resourceUri`, `visibility`) and the deprecated flat `ui/resourceUri` key that hosts written
 * before the nested form still read.
 */
export function resolveToolUi(
  ui: McpToolUi,
  origin: string,
): { ui: ResolvedToolUi; meta: Record<string, unknown> } {
  if (typeof ui.view !== 'string' || !ui.view.startsWith('ui://') || !URL.canParse(ui.view)) {
    throw new Error(`${origin}: ui.view must be a ui:// URI, got ${JSON.stringify(ui.view)}`);
  }
  const visibility = ui.visibility ?? ['model', 'app'];
  if (visibility.length === 0 || visibility.some((v) => v !== 'model' && v !== 'app')) {
    throw new Error(`${origin}: ui.visibility must list 'model' and/or 'app'`);
  }
  return {
    ui: Object.freeze({ view: ui.view, visibility: Object.freeze([...visibility]) }),
    meta: {
      ui: { resourceUri: ui.view, visibility: [...visibility] },
      [LEGACY_RESOURCE_URI_KEY]: ui.view,
    },
  };
}

const textOnlyPages = new WeakMap<readonly Tool[], readonly Tool[]>();

/**
 * A `tools/list` page as a client without the MCP Apps extension gets it: tools keep working as
 * plain tools (no `_meta.ui`, no `ui/resourceUri`), and tools only a view may call are left out.
 * A frozen (cached) page is converted (or found to need no conversion) once.
 */
export function textOnlyTools(page: readonly Tool[]): readonly Tool[] {
  const cached = textOnlyPages.get(page);
  if (cached) return cached;
  if (!page.some(hasUi)) {
    // A frozen page without views is its own text-only page: checked once, not per list.
    if (Object.isFrozen(page)) textOnlyPages.set(page, page);
    return page;
  }
  const converted: Tool[] = [];
  for (const tool of page) {
    if (!hasUi(tool)) converted.push(tool);
    else if (callableByModel(tool)) converted.push(withoutUi(tool));
  }
  if (!Object.isFrozen(page)) return converted;
  const frozen = Object.freeze(converted);
  textOnlyPages.set(page, frozen);
  return frozen;
}

function hasUi(tool: Tool): boolean {
  const meta = tool._meta;
  return meta !== undefined && ('ui' in meta || LEGACY_RESOURCE_URI_KEY in meta);
}

function callableByModel(tool: Tool): boolean {
  const visibility = (tool._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  return !Array.isArray(visibility) || visibility.includes('model');
}

function withoutUi(tool: Tool): Tool {
  const { ui: _ui, [LEGACY_RESOURCE_URI_KEY]: _legacy, ...rest } = tool._meta ?? {};
  const { _meta: _dropped, ...plain } = tool;
  return Object.keys(rest).length > 0 ? { ...plain, _meta: rest } : plain;
}
