/** Every error class of the library, one file each. */
export { McpError } from './mcp.error.js';
export { TransportError } from './transport.error.js';
export { RequestTimeoutError } from './request-timeout.error.js';
export { RequestCancelledError } from './request-cancelled.error.js';
export { ConnectionClosedError } from './connection-closed.error.js';
export { ListenLimitError, LISTEN_LIMIT_ERROR_CODE } from './listen-limit.error.js';
export { VersionNegotiationError } from './version-negotiation.error.js';
export { InputRoundLimitError } from './input-round-limit.error.js';
export {
  CapacityError,
  CAPACITY_ERROR_CODE,
  type CapacityLimit,
  type CapacityErrorData,
} from './capacity.error.js';
export { ListenError, type ListenErrorReason } from './listen.error.js';
export {
  UrlElicitationRequiredError,
  type UrlElicitation,
} from './url-elicitation-required.error.js';
export { McpServersConfigError } from './mcp-servers-config.error.js';
export { McpNameCollisionError, type McpAggregateKind } from './mcp-name-collision.error.js';
export { UpstreamUnavailableError } from './upstream-unavailable.error.js';
export {
  UpstreamSignInRequiredError,
  type UpstreamSignInReason,
} from './upstream-sign-in-required.error.js';
export { TaskCancelledError } from './task-cancelled.error.js';
export { StoreUnavailableError, STORE_UNAVAILABLE_ERROR_CODE } from './store-unavailable.error.js';
export { InvalidTokenError } from './invalid-token.error.js';
export {
  ClientDidNotAnswerError,
  CLIENT_DID_NOT_ANSWER_ERROR_CODE,
  type ClientDidNotAnswerData,
} from './client-did-not-answer.error.js';
export { AuthorizationServerUnavailableError } from './authorization-server-unavailable.error.js';
export { McpAuthError } from './mcp-auth.error.js';
