import { Inject } from '@nestjs/common';

/** The default client's name. */
export const DEFAULT_MCP_CLIENT = 'default';

/** The injection token of a named client. */
export function getMcpClientToken(name: string = DEFAULT_MCP_CLIENT): string {
  return `nestjs-mcp:McpClient:${name}`;
}

/**
 * Injects a client registered with `McpClientModule`. Without a name, the default client
 * (which can also be injected by its class, `McpClient`).
 */
export const InjectMcpClient = (name?: string): ParameterDecorator & PropertyDecorator =>
  Inject(getMcpClientToken(name));

/** The injection token of `McpClientModule.forServers()`'s resolved options. */
export const MCP_CLIENT_MANAGER_OPTIONS = 'nestjs-mcp:McpClientManagerOptions';
