import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';
import { isVersionAtLeast } from '../../protocol/versions.js';
import { McpContext } from '../context/mcp-context.js';
import { httpStatusOf } from '../errors/to-mcp-error.js';
import { paginate } from '../registry/pagination.js';
import { toReadResourceResult } from '../results/resource-result.js';
import { requireString, type MethodHandler } from './method-handler.interface.js';

/** `resources/list`: fixed resources only (templates have their own list). */
export const listResources: MethodHandler = async (scope, server) => {
  const items = await server.resources.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, scope.params.cursor, server.pageSize);
  return nextCursor ? { resources: page, nextCursor } : { resources: page };
};

/** `resources/templates/list`. */
export const listResourceTemplates: MethodHandler = async (scope, server) => {
  const items = await server.resourceTemplates.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, scope.params.cursor, server.pageSize);
  return nextCursor ? { resourceTemplates: page, nextCursor } : { resourceTemplates: page };
};

/**
 * `resources/read`: exact URI first (O(1)), then the template index. Not found (no match, or a
 * handler that throws an HTTP 404 such as Nest's `NotFoundException`, e.g. an unknown template
 * variable) is `-32002` in the 2025 era and `-32602` from 2026-07-28 on, with the URI in `data`.
 */
export const readResource: MethodHandler = async (scope, server) => {
  const uri = requireString(scope.params, 'uri');
  const ctx = new McpContext(scope);
  try {
    const resource = server.resources.get(uri);
    if (resource) {
      const value = await resource.handler(new URL(uri), ctx);
      return toReadResourceResult(value, uri, resource.mimeType);
    }
    const match = server.matchResourceTemplate(uri);
    if (match) {
      const value = await match.value.handler(match.variables, ctx);
      return toReadResourceResult(value, uri, match.value.mimeType);
    }
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound(uri, scope.protocol.protocolVersion);
    throw error;
  } finally {
    ctx.finish();
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
export const subscribe: MethodHandler = (scope) => {
  scope.session?.subscriptions.add(requireString(scope.params, 'uri'));
  return {};
};

/** `resources/unsubscribe`. */
export const unsubscribe: MethodHandler = (scope) => {
  scope.session?.subscriptions.delete(requireString(scope.params, 'uri'));
  return {};
};
