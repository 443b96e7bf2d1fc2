import type { Icon } from '../../protocol/schema/index.js';
import type { McpAppCsp, McpAppPermissions } from '../../protocol/schema/apps-extension.js';
import type { McpContext } from '../context/mcp-context.js';
import type { VisibilityPredicate } from './definitions.interface.js';

/**
 * An MCP App view: a `ui://` resource served as `text/html;profile=mcp-app`, with the sandbox
 * settings (CSP domains, permissions, dedicated domain, border) hosts read from its `_meta.ui`.
 * The HTML comes from `html` (a string), `file` (read once at registration: a page or a built
 * single-file bundle), or the handler given to `registerAppView()` / the `@AppView()` method.
 */
export interface McpAppViewOptions {
  /** The view's URI; must use the `ui://` scheme. */
  uri: string;
  /** Resource name in `resources/list`. Default: the URI. */
  name?: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  /** The HTML document, inline. */
  html?: string;
  /** Path of an HTML file (absolute, or relative to the working directory), read at registration. */
  file?: string;
  /** Origins the view may reach (each an origin such as `https://api.example.com`, `*.` allowed). */
  csp?: McpAppCsp;
  /** Browser permissions the view asks for (camera, microphone, geolocation, clipboardWrite). */
  permissions?: McpAppPermissions;
  /** A dedicated sandbox origin, in the format the target host documents. */
  domain?: string;
  /** true: the host draws a border and background; false: none; absent: the host decides. */
  prefersBorder?: boolean;
  /** Hides the view from `resources/list` for callers for whom it returns false. */
  visible?: VisibilityPredicate;
}

/** Produces a view's HTML per read (the `@AppView()` method, or a function given at runtime). */
export type AppViewHandler = (uri: URL, ctx: McpContext) => unknown;
