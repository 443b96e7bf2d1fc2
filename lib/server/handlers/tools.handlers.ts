import { text } from '../../protocol/content.js';
import { McpError } from '../../errors/mcp.error.js';
import { McpContext } from '../context/mcp-context.js';
import { errorMessage } from '../errors/to-mcp-error.js';
import { paginate } from '../registry/pagination.js';
import { toCallToolResult } from '../results/tool-result.js';
import { formatIssues } from '../schema/json-schema.interface.js';
import { optionalObject, requireString, type MethodHandler } from './method-handler.interface.js';

/** `tools/list`: one page of precomputed descriptors. */
export const listTools: MethodHandler = async (scope, server) => {
  const items = await server.tools.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, scope.params.cursor, server.pageSize);
  return nextCursor ? { tools: page, nextCursor } : { tools: page };
};

/**
 * `tools/call`: unknown tool -> `-32602`; arguments failing the schema -> an `isError` result
 * naming the paths (SEP-1303); a thrown McpError -> that JSON-RPC error; any other throw -> an
 * `isError` result with the error message.
 */
export const callTool: MethodHandler = async (scope, server) => {
  const name = requireString(scope.params, 'name');
  const tool = server.tools.get(name);
  if (!tool) throw McpError.invalidParams(`Unknown tool: ${name}`, { name });
  const raw = optionalObject(scope.params, 'arguments');
  let args = raw;
  if (tool.input) {
    const checked = tool.input.validate(raw);
    if (!checked.ok) {
      return {
        content: [text(`Invalid arguments for tool "${name}": ${formatIssues(checked.issues)}`)],
        isError: true,
      };
    }
    args = checked.value;
  }
  const ctx = new McpContext(scope);
  let value: unknown;
  try {
    value = await tool.handler(args as never, ctx);
  } catch (error) {
    // A cancelled call gets no response at all; the peer drops whatever we throw.
    if (error instanceof McpError || scope.signal.aborted) throw error;
    // A tool execution error: the model reads it and may correct itself (Nest's exception
    // handler has logged it already for decorated tools).
    server.options.logger?.debug?.(`${tool.origin} failed: ${errorMessage(error)}`);
    return { content: [text(errorMessage(error))], isError: true };
  } finally {
    ctx.finish();
  }
  return toCallToolResult(value, tool);
};
