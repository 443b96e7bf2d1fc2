// MCP over the app's microservice broker (re-exported by `lib/index.ts`).
export {
  McpMicroserviceServer,
  MCP_MICROSERVICE_TRANSPORT,
  type McpMicroserviceOptions,
} from './mcp-microservice.server.js';
export { McpMicroserviceHost } from './mcp-microservice.host.js';
export type {
  BrokerPrincipalClaims,
  BrokerRequest,
  McpBrokerServerOptions,
} from '../../transports/broker/mcp-broker-server.js';
export { McpBrokerServer } from '../../transports/broker/mcp-broker-server.js';
export {
  BrokerClientTransport,
  type BrokerClientTransportOptions,
} from '../../transports/broker/broker-client.transport.js';
export type {
  McpBrokerEndpoint,
  McpNatsOptions,
  McpRabbitMqOptions,
} from '../../transports/broker/broker-options.interface.js';
export {
  PRINCIPAL_CLAIM_META_KEY,
  signPrincipalClaim,
  verifyPrincipalClaim,
  type PrincipalClaim,
  type PrincipalClaimKey,
} from '../../engine/principal-claim.js';
