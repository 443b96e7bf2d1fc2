import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ResourceOptions } from '../../server/registry/definitions.interface.js';
import type {
  McpPromptOptions,
  McpResourceTemplateOptions,
  McpToolOptions,
} from '../decorators/mcp-primitives.decorator.js';
import {
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_TOOL_METADATA,
} from '../mcp.constants.js';

/** Metadata found on one method, by kind. */
export type McpMethodMetadata =
  | { kind: 'tool'; options: McpToolOptions }
  | { kind: 'prompt'; options: McpPromptOptions }
  | { kind: 'resource'; options: ResourceOptions }
  | { kind: 'resourceTemplate'; options: McpResourceTemplateOptions };

const KEYS = [
  ['tool', MCP_TOOL_METADATA],
  ['prompt', MCP_PROMPT_METADATA],
  ['resource', MCP_RESOURCE_METADATA],
  ['resourceTemplate', MCP_RESOURCE_TEMPLATE_METADATA],
] as const;

/** Reads MCP decorator metadata through one typed accessor. */
@Injectable()
export class McpMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** Every MCP primitive declared on a method (a method may carry several). */
  getMetadata(target: (...args: never[]) => unknown): McpMethodMetadata[] {
    const found: McpMethodMetadata[] = [];
    for (const [kind, key] of KEYS) {
      const options = this.reflector.get(key, target);
      if (options) found.push({ kind, options } as McpMethodMetadata);
    }
    return found;
  }
}
