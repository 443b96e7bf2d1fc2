// The MCP gateway: `McpGatewayModule` and its options (re-exported by `lib/index.ts`).
export { McpGatewayModule } from './mcp-gateway.module.js';
export type {
  McpGatewayModuleOptions,
  McpGatewayAsyncOptions,
  McpGatewayExtras,
  McpGatewayGuard,
  McpGatewayPrincipalClaims,
} from './mcp-gateway-options.interface.js';
export { getMcpGatewayTarget, type McpGatewayTarget } from './mcp-gateway-target.js';
