// The Nest side of the client: `McpClientModule` and its named clients (re-exported by `lib/index.ts`).
export { McpClientModule } from './mcp-client.module.js';
export { InjectMcpClient, getMcpClientToken, DEFAULT_MCP_CLIENT } from './mcp-client.tokens.js';
export type {
  McpClientRegistration,
  McpClientAsyncRegistration,
} from './mcp-client.module-definition.js';
export type {
  McpClientModuleOptions,
  McpClientModuleExtras,
  McpClientOptionsFactory,
} from './mcp-client-module-options.interface.js';
export type {
  McpClientManagerModuleOptions,
  McpClientManagerAsyncOptions,
  McpClientManagerFactory,
} from './mcp-client-manager-module-options.interface.js';
