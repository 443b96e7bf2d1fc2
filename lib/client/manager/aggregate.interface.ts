import type { Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/schema/index.js';

/**
 * One item of a client manager's aggregate: what it is exposed as, and where it comes from.
 * @typeParam T the protocol descriptor (`Mcp.Tool`, `Mcp.Prompt`, ...)
 */
export interface McpAggregated<T> {
  /** The server it comes from (its key in `mcpServers`). */
  readonly server: string;
  /** Its name (tools, prompts) or URI (resources, templates) on that server. */
  readonly upstreamName: string;
  /** The descriptor as exposed: the server's own, with the namespaced `name` for tools and prompts. */
  readonly descriptor: T;
}

/** An aggregated tool (`descriptor.name` is the namespaced name to call it by). */
export type McpAggregatedTool = McpAggregated<Tool>;
/** An aggregated prompt. */
export type McpAggregatedPrompt = McpAggregated<Prompt>;
/** An aggregated resource (URIs are not renamed). */
export type McpAggregatedResource = McpAggregated<Resource>;
/** An aggregated resource template (URI templates are not renamed). */
export type McpAggregatedResourceTemplate = McpAggregated<ResourceTemplate>;

/** Everything the connected servers offer, combined (servers that are down are left out). */
export interface McpAggregate {
  readonly tools: readonly McpAggregatedTool[];
  readonly prompts: readonly McpAggregatedPrompt[];
  readonly resources: readonly McpAggregatedResource[];
  readonly resourceTemplates: readonly McpAggregatedResourceTemplate[];
}

/** The lists one connected server offers. */
export interface ServerLists {
  readonly tools: readonly Tool[];
  readonly prompts: readonly Prompt[];
  readonly resources: readonly Resource[];
  readonly resourceTemplates: readonly ResourceTemplate[];
}

/** An aggregate with nothing in it. */
export const EMPTY_AGGREGATE: McpAggregate = Object.freeze({
  tools: [],
  prompts: [],
  resources: [],
  resourceTemplates: [],
});
