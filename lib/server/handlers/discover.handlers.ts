import type { RequestScope } from '../context/request-scope.interface.js';
import type { HandlerHost } from './method-handler.interface.js';

/**
 * `server/discover` (2026-07-28): supported versions, capabilities (with `extensions`),
 * instructions; built by the server once per capability change. Cache hints and `serverInfo`
 * are stamped on like on every modern result.
 */
export const discover = (
  _params: Record<string, unknown>,
  _scope: RequestScope,
  host: HandlerHost,
): Record<string, unknown> => host.discoverResult();
