import { RequestMethod } from '@nestjs/common';
import type { ApplicationConfig } from '@nestjs/core';
import { RoutePathFactory } from '@nestjs/core/router/route-path-factory.js';
import { normaliseRoutePath, withoutQuery } from '../../transports/shared/route-path.js';

/** Where the app serves a controller path: the global prefix and versioning the router applies. */
export interface EndpointPathContext {
  /** The app's config (global prefix, its exclusions, versioning). */
  config: ApplicationConfig;
  /** The path `RouterModule` gives the module declaring the controllers, if any. */
  modulePath?: string;
}

/** Canonical comparable form of a path: no query, no empty segments, lower case. */
function canonical(path: string): string {
  return normaliseRoutePath(withoutQuery(path)).toLowerCase();
}

/**
 * The URL paths under which the app serves POST routes of controllers at `paths` (which carry no
 * version of their own): computed by Nest's own route path factory, so the global prefix (and its
 * `exclude` list), URI versioning (`defaultVersion`: one, several or `VERSION_NEUTRAL`, custom
 * `prefix`) and `RouterModule` paths come out exactly as the router registers them.
 */
export function resolveEndpointPaths(paths: string[], context: EndpointPathContext): string[] {
  const { config, modulePath } = context;
  const factory = new RoutePathFactory(config);
  const versioningOptions = config.getVersioning();
  const prefix = config.getGlobalPrefix();
  const globalPrefix = prefix ? '/' + prefix.replace(/^\/+/, '') : '';
  return paths.flatMap((ctrlPath) =>
    factory.create(
      {
        ctrlPath,
        methodPath: '/',
        modulePath,
        globalPrefix,
        controllerVersion: versioningOptions?.defaultVersion,
        versioningOptions,
      },
      RequestMethod.POST,
    ),
  );
}

/**
 * Tells whether a request URL targets one of a set of endpoint paths, leniently (query string,
 * trailing and duplicate slashes and letter case are ignored): a false match only changes how the
 * body of a request the router then refuses anyway would have been read.
 */
export class EndpointPathMatcher {
  /** The paths in canonical form, without repeats (usually one or two). */
  private readonly paths: readonly string[];

  constructor(paths: Iterable<string>) {
    this.paths = [...new Set([...paths].map(canonical))];
  }

  /** True when `url` (path and query, as in `req.url`) targets one of the paths. */
  matches(url: string | undefined): boolean {
    if (url === undefined) return false;
    // Per request: a URL already in canonical form (`/mcp`, the usual case) needs no rewriting,
    // and is compared as is. A string compare stops at a length or a first letter that differs;
    // a set lookup would hash each request's new URL string first.
    return this.isPath(url) || this.isPath(canonical(url));
  }

  private isPath(path: string): boolean {
    for (const known of this.paths) if (known === path) return true;
    return false;
  }
}
