import { McpError } from '../../errors/mcp.error.js';
import { negotiateProtocolVersion } from '../../protocol/versions.js';
import {
  LOGGING_LEVELS,
  type ClientInfo,
  type LoggingLevel,
} from '../../protocol/protocol-context.interface.js';
import { optionalObject, requireString, type MethodHandler } from './method-handler.interface.js';

const levels = new Set<string>(LOGGING_LEVELS);

/** `initialize`: negotiates the revision and caches the client's context on the session. */
export const initialize: MethodHandler = (scope, server) => {
  const session = scope.session;
  if (!session) throw McpError.invalidRequest('initialize needs a session-capable transport');
  if (session.initialized) throw McpError.invalidRequest('The session is already initialized');
  const { params } = scope;
  const protocolVersion = negotiateProtocolVersion(params.protocolVersion);
  session.protocol = {
    protocolVersion,
    clientCapabilities: optionalObject(params, 'capabilities'),
    clientInfo: params.clientInfo as ClientInfo | undefined,
  };
  const result = server.initializeResult(protocolVersion);
  session.advertised = result.capabilities as Record<string, unknown>;
  session.initialized = true;
  session.onInitialized?.();
  return result;
};

/** `ping`: answered at once. */
export const ping: MethodHandler = () => ({});

/** `logging/setLevel`: sets the session's threshold for `notifications/message`. */
export const setLevel: MethodHandler = (scope) => {
  const level = requireString(scope.params, 'level');
  if (!levels.has(level)) throw McpError.invalidParams(`Unknown logging level "${level}"`);
  if (scope.session) scope.session.protocol.logLevel = level as LoggingLevel;
  return {};
};
