/** Metadata keys of the MCP method decorators (namespaced). */
export const MCP_TOOL_METADATA = 'mcp:tool';
export const MCP_PROMPT_METADATA = 'mcp:prompt';
export const MCP_RESOURCE_METADATA = 'mcp:resource';
export const MCP_APP_VIEW_METADATA = 'mcp:app-view';
/** Metadata key of `@Skill()`. */
export const MCP_SKILL_METADATA = 'mcp:skill';
export const MCP_RESOURCE_TEMPLATE_METADATA = 'mcp:resource-template';
export const MCP_CUSTOM_METHOD_METADATA = 'mcp:custom-method';
export const MCP_HOOK_METADATA = 'mcp:hook';
/** Metadata key of `@RouteTool()` on a controller route (namespaced). */
export const MCP_ROUTE_TOOL_METADATA = 'mcp:route-tool';
