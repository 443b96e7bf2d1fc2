import type { SchemaArgs } from '../registry/definitions.interface.js';
import type { SchemaInput } from '../schema/schema-compiler.js';
import { PromptResponse } from './prompt-response.js';
import { ResourceResponse } from './resource-response.js';
import { ToolResponse } from './tool-response.js';

/**
 * A `tools/call` result builder; `structured()` is typed by the tool's output schema (zod schema
 * or shape, Standard Schema) or by a type argument.
 */
function tool<TStructured = Record<string, unknown>>(): ToolResponse<TStructured>;
function tool<TSchema extends SchemaInput>(
  outputSchema: TSchema,
): ToolResponse<SchemaArgs<TSchema>>;
function tool(): ToolResponse<unknown> {
  return new ToolResponse();
}

/**
 * Fluent result builders for handlers (Hermes `Response`): build any tool, prompt or resource
 * result without knowing its wire shape. A handler returns the builder or its `build()` value;
 * plain returns keep working.
 * @example
 * ```ts
 * return McpResponse.tool().text('Done').image(png, 'image/png').meta({ traceId });
 * ```
 */
export const McpResponse = {
  /** {@inheritDoc tool} */
  tool,

  /** A `prompts/get` result, with an optional description. */
  prompt(description?: string): PromptResponse {
    return new PromptResponse(description);
  },

  /** A `resources/read` result; `uri` defaults to the URI being read. */
  resource(uri?: string): ResourceResponse {
    return new ResourceResponse(uri);
  },
} as const;
