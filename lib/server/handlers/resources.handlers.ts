import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';
import { isVersionAtLeast } from '../../protocol/versions.js';
import { InputRequiredOutcome, runHandler } from '../context/run-handler.js';
import { httpStatusOf } from '../errors/to-mcp-error.js';
import { toReadResourceResult } from '../results/resource-result.js';
import { listPage } from './list-page.js';
import type { MethodHandler } from './method-handler.interface.js';

/** `resources/list`: fixed resources only (templates have their own list). */
export const listResources: MethodHandler<'resources/list'> = (params, scope, host) =>
  listPage('resources', host.primitives.resources, params, scope, host);

/** `resources/templates/list`. */
export const listResourceTemplates: MethodHandler<'resources/templates/list'> = (
  params,
  scope,
  host,
) => listPage('resourceTemplates', host.primitives.resourceTemplates, params, scope, host);

/**
 * `resources/read`: exact URI first (O(1)), then the template index. Not found (no match, or a
 * handler that throws an HTTP 404 such as Nest's `NotFoundException`, e.g. an unknown template
 * variable) is `-32002` in the 2025 era and `-32602` from 2026-07-28 on, with the URI in `data`.
 */
export const readResource: MethodHandler<'resources/read'> = async (params, scope, host) => {
  const { uri } = params;
  try {
    const resource = host.primitives.resources.get(uri);
    if (resource) {
      const value = await runHandler(scope, host, (ctx) => resource.handler(new URL(uri), ctx));
      if (value instanceof InputRequiredOutcome) return value.result as never;
      return toReadResourceResult(value, uri, resource.mimeType);
    }
    const match = host.primitives.matchResourceTemplate(uri);
    if (match) {
      const value = await runHandler(scope, host, (ctx) =>
        match.value.handler(match.variables, ctx),
      );
      if (value instanceof InputRequiredOutcome) return value.result as never;
      return toReadResourceResult(value, uri, match.value.mimeType);
    }
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound(uri, scope.protocol.protocolVersion);
    throw error;
  }
  throw notFound(uri, scope.protocol.protocolVersion);
};

function notFound(uri: string, protocolVersion: string): McpError {
  const code = isVersionAtLeast(protocolVersion, '2026-07-28')
    ? ErrorCode.InvalidParams
    : ErrorCode.ResourceNotFound;
  return new McpError(code, `Resource not found: ${uri}`, { uri });
}

/** `resources/subscribe`: remembers the URI on the session. */
export const subscribe: MethodHandler<'resources/subscribe'> = (params, scope) => {
  scope.session?.subscriptions.add(params.uri);
  scope.session?.changed();
  return {};
};

/** `resources/unsubscribe`. */
export const unsubscribe: MethodHandler<'resources/unsubscribe'> = (params, scope) => {
  scope.session?.subscriptions.delete(params.uri);
  scope.session?.changed();
  return {};
};
