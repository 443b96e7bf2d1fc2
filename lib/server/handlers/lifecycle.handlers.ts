import { McpError } from '../../errors/mcp.error.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import type { MethodHandler } from './method-handler.interface.js';
import { seedSessionState } from '../session/session-state-seed.js';

/** `initialize`: negotiates the revision and caches the client's context on the session. */
export const initialize: MethodHandler<'initialize'> = (params, scope, host) => {
  const session = scope.session;
  if (!session) throw McpError.invalidRequest('initialize needs a session-capable transport');
  if (session.initialized) throw McpError.invalidRequest('The session is already initialized');
  const protocolVersion = host.negotiateVersion(params.protocolVersion);
  // Built without a spread of a temporary object (once per session).
  const protocol: ProtocolContext = {
    protocolVersion,
    clientCapabilities: params.capabilities ?? {},
  };
  if (params.clientInfo) protocol.clientInfo = params.clientInfo;
  session.protocol = protocol;
  const result = host.initializeResult(protocolVersion);
  seedSessionState(session, scope.transport, host.options.sessionState);
  session.advertised = result.capabilities;
  session.initialized = true;
  // HTTP stores the session record first: the answer goes out once it is stored.
  const stored = session.announceInitialized();
  if (!stored) return result;
  return stored.then(
    () => result,
    (error: unknown) => {
      session.initialized = false;
      throw error;
    },
  );
};

/** `ping`: answered at once. */
export const ping: MethodHandler<'ping'> = () => ({});

/** `logging/setLevel`: sets the session's threshold for `notifications/message`. */
export const setLevel: MethodHandler<'logging/setLevel'> = (params, scope) => {
  if (scope.session) {
    scope.session.protocol.logLevel = params.level;
    scope.session.changed();
  }
  return {};
};
