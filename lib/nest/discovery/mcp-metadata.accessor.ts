import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ResourceOptions } from '../../server/registry/definitions.interface.js';
import type {
  McpPromptOptions,
  McpResourceTemplateOptions,
  McpToolOptions,
} from '../decorators/mcp-primitives.decorator.js';
import type { McpHookMetadata, McpMethodOptions } from '../decorators/mcp-hooks.decorator.js';
import type { McpAppViewOptions } from '../../server/registry/app-view-options.interface.js';
import type { McpSkillOptions } from '../../server/registry/skill-options.interface.js';
import {
  MCP_APP_VIEW_METADATA,
  MCP_CUSTOM_METHOD_METADATA,
  MCP_HOOK_METADATA,
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_SKILL_METADATA,
  MCP_TOOL_METADATA,
} from '../mcp.constants.js';

/** Metadata found on one method, by kind. */
export type McpMethodMetadata =
  | { kind: 'tool'; options: McpToolOptions }
  | { kind: 'prompt'; options: McpPromptOptions }
  | { kind: 'resource'; options: ResourceOptions }
  | { kind: 'resourceTemplate'; options: McpResourceTemplateOptions }
  | { kind: 'appView'; options: McpAppViewOptions }
  | { kind: 'skill'; options: McpSkillOptions };

const KEYS = [
  ['tool', MCP_TOOL_METADATA],
  ['prompt', MCP_PROMPT_METADATA],
  ['resource', MCP_RESOURCE_METADATA],
  ['resourceTemplate', MCP_RESOURCE_TEMPLATE_METADATA],
  ['appView', MCP_APP_VIEW_METADATA],
  ['skill', MCP_SKILL_METADATA],
] as const;

/** Reads MCP decorator metadata through one typed accessor. */
@Injectable()
export class McpMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** The `@McpMethod` declared on a method, if any. */
  getCustomMethod(
    target: (...args: never[]) => unknown,
  ): { method: string; options: McpMethodOptions } | undefined {
    return this.reflector.get(MCP_CUSTOM_METHOD_METADATA, target);
  }

  /** The lifecycle hooks (`@OnMcp...`) declared on a method. */
  getHooks(target: (...args: never[]) => unknown): McpHookMetadata[] {
    return this.reflector.get<McpHookMetadata[] | undefined>(MCP_HOOK_METADATA, target) ?? [];
  }

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
