/** Metadata key marking a controller `McpBearerGuard` lets through (the metadata document). */
export const MCP_PUBLIC_ROUTE_METADATA = 'mcp:public-route';
