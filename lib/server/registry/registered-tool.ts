import type { McpCacheHint } from './cache-hints.js';
import {
  scanMcpHeaderAnnotations,
  type ParamHeaderRule,
} from '../../protocol/modern/mcp-header-annotations.js';
import type { SchemaCompiler } from '../schema/schema-compiler.js';
import type { Tool } from '../../protocol/schema/index.js';
import { describeExtras, describeNames } from './describe-primitive.js';
import type { CompiledSchema } from '../schema/json-schema.interface.js';
import { resolveToolTask, type ResolvedToolTask } from './task-options.interface.js';
import { resolveToolUi, type ResolvedToolUi } from './tool-ui.js';
import type {
  DefinitionOrigin,
  ToolHandler,
  ToolOptions,
  VisibilityPredicate,
} from './definitions.interface.js';

/** A tool as the registry keeps it: descriptor built and schemas compiled once. */
export interface RegisteredTool {
  readonly key: string;
  readonly origin: string;
  /** The `tools/list` entry (frozen). */
  readonly descriptor: Readonly<Tool>;
  readonly input?: CompiledSchema<Record<string, unknown>>;
  readonly output?: CompiledSchema<Record<string, unknown>>;
  readonly handler: ToolHandler<never>;
  readonly visible?: VisibilityPredicate;
  /** `x-mcp-header` properties of the input schema (2026-07-28 `Mcp-Param-*` headers), if any. */
  readonly headerRules?: readonly ParamHeaderRule[];
  /** Cache hint it contributes to `tools/list` (2026-07-28). */
  readonly cache?: McpCacheHint;
  /** Task settings; undefined: the tool never runs as a task. */
  readonly task?: ResolvedToolTask;
  /** The MCP App view of the tool, if it has one. */
  readonly ui?: ResolvedToolUi;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const EMPTY_INPUT = Object.freeze({ type: 'object', properties: {} });

/** Validates and compiles a tool definition; errors name its origin. */
export function compileTool(
  options: ToolOptions & DefinitionOrigin & { name: string },
  handler: ToolHandler<never>,
  compiler: SchemaCompiler,
): RegisteredTool {
  const origin = options.origin ?? `tool "${options.name}"`;
  if (!TOOL_NAME.test(options.name)) {
    throw new Error(`${origin}: invalid tool name "${options.name}" (1-128 of A-Z a-z 0-9 _ - .)`);
  }
  const input = options.inputSchema
    ? compiler.compile<Record<string, unknown>>(options.inputSchema, origin)
    : undefined;
  const output = options.outputSchema
    ? compiler.compile<Record<string, unknown>>(options.outputSchema, origin)
    : undefined;
  if (input && input.jsonSchema.type !== 'object') {
    throw new Error(`${origin}: inputSchema must describe an object (type "object")`);
  }
  // Revisions up to 2025-11-25 allow only an object root for outputSchema / structuredContent.
  if (output && output.jsonSchema.type !== 'object') {
    throw new Error(`${origin}: outputSchema must describe an object (type "object")`);
  }
  let headerRules: ParamHeaderRule[];
  try {
    headerRules = scanMcpHeaderAnnotations(input?.jsonSchema);
  } catch (error) {
    throw new Error(`${origin}: ${(error as Error).message}`, { cause: error });
  }
  const task = resolveToolTask(options.task, origin);
  const ui = options.ui && resolveToolUi(options.ui, origin);
  const extras = describeExtras(
    ui ? { ...options, _meta: { ...options._meta, ...ui.meta } } : options,
  );
  const descriptor: Record<string, unknown> = {
    name: options.name,
    ...describeNames(options),
    inputSchema: input?.jsonSchema ?? EMPTY_INPUT,
    ...(output && { outputSchema: output.jsonSchema }),
    ...(options.annotations && { annotations: options.annotations }),
    ...(task && { execution: { taskSupport: task.support } }),
    ...extras,
  };
  return {
    key: options.name,
    origin,
    descriptor: Object.freeze(descriptor as Tool),
    input,
    output,
    handler,
    visible: options.visible,
    ...(options.cache && { cache: Object.freeze({ ...options.cache }) }),
    ...(headerRules.length > 0 && { headerRules: Object.freeze(headerRules) }),
    ...(task && { task }),
    ...(ui && { ui: ui.ui }),
  };
}
