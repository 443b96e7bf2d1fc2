import { isContentBlock, text, type ContentBlock } from '../../protocol/content.js';
import { formatIssues } from '../schema/json-schema.interface.js';
import type { RegisteredTool } from '../registry/registered-tool.js';

/** A `tools/call` result. */
export type CallToolResult = Record<string, unknown> & {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
};

function isCallToolResult(value: unknown): value is CallToolResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/**
 * Wraps what a tool handler returned into a CallToolResult:
 * a result object passes through; a string becomes text; a content block or an array of blocks
 * becomes content; any other object becomes `structuredContent` plus its JSON as text; other values
 * become JSON text; `undefined` becomes empty content. With an `outputSchema`, structured content is
 * validated, and a mismatch is reported as a tool error.
 */
export function toCallToolResult(value: unknown, tool: RegisteredTool): CallToolResult {
  let result: CallToolResult;
  if (isCallToolResult(value)) result = value;
  else if (value === undefined || value === null) result = { content: [] };
  else if (typeof value === 'string') result = { content: [text(value)] };
  else if (isContentBlock(value)) result = { content: [value] };
  else if (Array.isArray(value) && value.length > 0 && value.every(isContentBlock)) {
    result = { content: value };
  } else if (typeof value === 'object' && !Array.isArray(value)) {
    result = { content: [text(JSON.stringify(value))], structuredContent: value };
  } else result = { content: [text(JSON.stringify(value))] };

  if (tool.output && !result.isError) {
    if (result.structuredContent === undefined) {
      return outputError(
        tool,
        'the tool declares an outputSchema but returned no structured content',
      );
    }
    const checked = tool.output.validate(result.structuredContent);
    if (!checked.ok) return outputError(tool, formatIssues(checked.issues));
    result.structuredContent = checked.value;
  }
  return result;
}

function outputError(tool: RegisteredTool, reason: string): CallToolResult {
  return {
    content: [text(`Tool "${tool.key}" produced invalid output: ${reason}`)],
    isError: true,
  };
}
