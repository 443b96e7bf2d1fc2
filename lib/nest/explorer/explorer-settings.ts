import { Logger } from '@nestjs/common';
import { normaliseRoutePath } from '../../transports/shared/route-path.js';

/** Settings of the explorer page (module extra `explorer`). */
export interface McpExplorerSettings {
  /** Path of the page (relative to the global prefix). Default `'explorer'`. */
  path?: string;
  /**
   * Serve the page when `NODE_ENV` is `production`. Default false: in production the page is not
   * mounted unless this is set (it runs any tool of the server for whoever passes the app's guards).
   */
  enableInProduction?: boolean;
  /** Title shown on the page. Default `'MCP Explorer'`. */
  title?: string;
}

/** The explorer settings in force, or undefined when the page is not mounted. */
export interface ResolvedExplorer {
  path: string;
  title: string;
}

/**
 * Decides whether the explorer is mounted: off unless `explorer` is set, refused under
 * `NODE_ENV=production` unless `enableInProduction` (a warning says why), and only beside the
 * Streamable HTTP endpoint it talks to.
 */
export function resolveExplorer(
  extra: boolean | McpExplorerSettings | undefined,
  http: boolean,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedExplorer | undefined {
  if (!extra) return undefined;
  const settings = extra === true ? {} : extra;
  if (env.NODE_ENV === 'production' && settings.enableInProduction !== true) {
    new Logger('McpExplorer').warn(
      'The MCP explorer is not mounted under NODE_ENV=production (set explorer.enableInProduction to serve it)',
    );
    return undefined;
  }
  if (!http)
    throw new Error('McpModule: the explorer needs the Streamable HTTP endpoint (http: true)');
  return {
    path: normaliseRoutePath(settings.path ?? 'explorer'),
    title: settings.title ?? 'MCP Explorer',
  };
}
