import { isContentBlock, text } from '../../protocol/content.js';
import type { CallToolResult, ContentBlock } from '../../protocol/schema/index.js';
import { formatIssues, syncValidation } from '../schema/json-schema.interface.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { unwrapResponse } from '../response/response-builder.js';

function isCallToolResult(value: unknown): value is CallToolResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/**
 * Wraps what a tool handler returned into a CallToolResult:
 * a response builder (`McpResponse.tool()`) is built first;
 * a result object passes through; a string becomes text; a content block or an array of blocks
 * becomes content; any other object becomes `structuredContent` plus its JSON as text; other values
 * become JSON text; `undefined` becomes empty content. With an `outputSchema`, structured content is
 * validated, and a mismatch is reported as a tool error.
 */
export function toCallToolResult(returned: unknown, tool: RegisteredTool): CallToolResult {
  const value = unwrapResponse(returned);
  if (isCallToolResult(value)) return tool.output ? checkOutput(value, tool) : value;
  if (value === undefined || value === null)
    return tool.output ? checkOutput({ content: [] }, tool) : { content: [] };
  if (typeof value !== 'object' || Array.isArray(value) || isContentBlock(value)) {
    // Not structured: fine for a tool without outputSchema, an output error for one with it.
    const content = unstructuredContent(value);
    return tool.output ? checkOutput({ content }, tool) : { content };
  }
  let structured: unknown = value;
  if (tool.output) {
    const checked = syncValidation(tool.output.validate(value));
    if (!checked.ok) return outputError(tool, formatIssues(checked.issues));
    structured = checked.value; // defaults and transforms applied
  }
  // The text block mirrors the structured content, for clients that only read text.
  return { content: [text(JSON.stringify(structured))], structuredContent: structured };
}

function unstructuredContent(value: unknown): ContentBlock[] {
  if (typeof value === 'string') return [text(value)];
  if (isContentBlock(value)) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every(isContentBlock)) return value;
  return [text(JSON.stringify(value))];
}

/** Validates the structured content of a full result against the tool's outputSchema. */
function checkOutput(result: CallToolResult, tool: RegisteredTool): CallToolResult {
  if (result.isError) return result;
  if (result.structuredContent === undefined) {
    return outputError(
      tool,
      'the tool declares an outputSchema but returned no structured content',
    );
  }
  const checked = syncValidation(tool.output!.validate(result.structuredContent));
  if (!checked.ok) return outputError(tool, formatIssues(checked.issues));
  return { ...result, structuredContent: checked.value };
}

function outputError(tool: RegisteredTool, reason: string): CallToolResult {
  return {
    content: [text(`Tool "${tool.key}" produced invalid output: ${reason}`)],
    isError: true,
  };
}
