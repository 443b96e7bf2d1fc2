import { SetMetadata } from '@nestjs/common';
import type {
  ArgumentCompleter,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  ToolOptions,
} from '../../server/registry/definitions.interface.js';
import {
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_TOOL_METADATA,
} from '../mcp.constants.js';

/**
 * Marks a provider method as an MCP tool. The method receives the validated arguments and an
 * `McpContext`; its return value is wrapped into a `CallToolResult`.
 * @example
 * ```ts
 * @Tool({ description: 'Echoes text', inputSchema: { text: z.string() } })
 * echo({ text }: { text: string }) { return text; }
 * ```
 */
export const Tool = (options: ToolOptions = {}): MethodDecorator =>
  SetMetadata(MCP_TOOL_METADATA, options);

/**
 * Completion providers of a decorated prompt or template: a function, or the name of a method of
 * the same provider (called with `(value, context)`, so it can use injected services).
 */
export type McpCompleters = Record<string, ArgumentCompleter | string>;

/** Options of `@Prompt()`. */
export type McpPromptOptions = Omit<PromptOptions, 'complete'> & { complete?: McpCompleters };

/** Options of `@ResourceTemplate()`. */
export type McpResourceTemplateOptions = Omit<ResourceTemplateOptions, 'complete'> & {
  complete?: McpCompleters;
};

/** Marks a provider method as an MCP prompt: `(args, ctx) => messages | GetPromptResult | string`. */
export const Prompt = (options: McpPromptOptions = {}): MethodDecorator =>
  SetMetadata(MCP_PROMPT_METADATA, options);

/** Marks a provider method as a fixed-URI MCP resource: `(uri: URL, ctx) => text | bytes | contents`. */
export const Resource = (options: ResourceOptions): MethodDecorator =>
  SetMetadata(MCP_RESOURCE_METADATA, options);

/**
 * Marks a provider method as an MCP resource template (RFC 6570):
 * `(variables, ctx) => text | bytes | contents`.
 */
export const ResourceTemplate = (options: McpResourceTemplateOptions): MethodDecorator =>
  SetMetadata(MCP_RESOURCE_TEMPLATE_METADATA, options);
