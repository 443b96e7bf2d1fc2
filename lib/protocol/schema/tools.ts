import { z } from 'zod';
import {
  BaseMetadataSchema,
  IconsSchema,
  MetaSchema,
  PaginatedResultSchema,
  ResultSchema,
} from './base.js';
import { ContentBlockSchema } from './content.js';
import { TaskAugmentedRequestParamsSchema } from './tasks.js';

/** A JSON Schema as it appears inside `properties`: an object or a boolean schema. */
const SubschemaSchema = z.union([z.looseObject({}), z.boolean()]);

/**
 * Root of a tool's `inputSchema`: `type: "object"`; every other JSON Schema keyword
 * (`$defs`, `additionalProperties`, `oneOf`, `x-mcp-header`, ...) passes through verbatim.
 */
const ToolInputSchemaSchema = z.looseObject({
  $schema: z.optional(z.string()),
  type: z.literal('object'),
  properties: z.optional(z.record(z.string(), SubschemaSchema)),
  required: z.optional(z.array(z.string())),
});

/**
 * A tool's `outputSchema`. 2025-11-25 restricts the root to `type: "object"`; 2026-07-28 allows
 * any JSON Schema, so `type` is not enforced here (the server side enforces the era's rule).
 */
const ToolOutputSchemaSchema = z.looseObject({
  $schema: z.optional(z.string()),
  type: z.optional(z.unknown()),
  properties: z.optional(z.record(z.string(), SubschemaSchema)),
  required: z.optional(z.array(z.string())),
});

/** Untrusted behaviour hints about a tool; since 2025-03-26. */
export const ToolAnnotationsSchema = z.looseObject({
  title: z.optional(z.string()),
  readOnlyHint: z.optional(z.boolean()),
  destructiveHint: z.optional(z.boolean()),
  idempotentHint: z.optional(z.boolean()),
  openWorldHint: z.optional(z.boolean()),
});
/** Tool annotations. */
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

/** Execution properties of a tool (`taskSupport`, default "forbidden"); since 2025-11-25. */
export const ToolExecutionSchema = z.looseObject({
  taskSupport: z.optional(z.enum(['forbidden', 'optional', 'required'])),
});
/** Tool execution properties. */
export type ToolExecution = z.infer<typeof ToolExecutionSchema>;

/** A tool definition as listed by `tools/list` (`outputSchema` 2025-06-18; `icons`, `execution` 2025-11-25). */
export const ToolSchema = BaseMetadataSchema.extend({
  ...IconsSchema.shape,
  description: z.optional(z.string()),
  inputSchema: ToolInputSchemaSchema,
  execution: z.optional(ToolExecutionSchema),
  outputSchema: z.optional(ToolOutputSchemaSchema),
  annotations: z.optional(ToolAnnotationsSchema),
  _meta: z.optional(MetaSchema),
});
/** A tool definition. */
export type Tool = z.infer<typeof ToolSchema>;

/** Result of `tools/list` (paginated). */
export const ListToolsResultSchema = PaginatedResultSchema.extend({ tools: z.array(ToolSchema) });
/** `tools/list` result. */
export type ListToolsResult = z.infer<typeof ListToolsResultSchema>;

/** Params of `tools/call`: tool `name` and its `arguments` (`task` since 2025-11-25). */
export const CallToolRequestParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.unknown())),
});
/** `tools/call` params. */
export type CallToolRequestParams = z.infer<typeof CallToolRequestParamsSchema>;

/**
 * Result of `tools/call`. `structuredContent` (since 2025-06-18) is a JSON object up to
 * 2025-11-25 and any JSON value in 2026-07-28, so it is accepted as any value here.
 */
export const CallToolResultSchema = ResultSchema.extend({
  content: z.array(ContentBlockSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
});
/**
 * `tools/call` result. `TStructured` types `structuredContent` (unknown by default; the client
 * does not check it against the tool's `outputSchema` for you).
 */
export type CallToolResult<TStructured = unknown> = z.infer<typeof CallToolResultSchema> & {
  // An intersection, not `Omit`: `Omit` over the open (index-signature) result drops every known key.
  structuredContent?: TStructured;
};
