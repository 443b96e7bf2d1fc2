import { text } from '../../protocol/content.js';
import { McpError } from '../../errors/mcp.error.js';
import type { McpContext } from '../context/mcp-context.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import { InputRequiredOutcome, runHandler } from '../context/run-handler.js';
import { toMcpError } from '../errors/to-mcp-error.js';
import type { RegisteredTool } from '../registry/registered-tool.js';
import { toCallToolResult } from '../results/tool-result.js';
import { formatIssues } from '../schema/json-schema.interface.js';
import { callAsTask, taskModeOf, type TaskMode } from './task-call.js';
import { listPage, pageResult } from './list-page.js';
import { clientSupportsApps } from '../../protocol/schema/apps-extension.js';
import { textOnlyTools } from '../registry/tool-ui.js';
import type { HandlerHost, MethodHandler } from './method-handler.interface.js';

/** `tools/list`: one page of precomputed descriptors. */
export const listTools: MethodHandler<'tools/list'> = async (params, scope, host) => {
  const result = await listPage('tools', host.primitives.tools, params, scope, host);
  // Without the MCP Apps extension a tool is a plain tool: no view metadata, no app-only tools.
  if (clientSupportsApps(scope.protocol.clientCapabilities)) return result;
  const tools = textOnlyTools(result.tools);
  if (tools === result.tools) return result;
  return pageResult('tools', tools, result.nextCursor);
};

/** Runs a tool handler with a context (the MRTR runner, or the task runner inside a task). */
export type ToolRunner = (
  scope: RequestScope,
  host: HandlerHost,
  invoke: (ctx: McpContext) => unknown,
) => Promise<unknown>;

/**
 * `tools/call`: unknown tool -> `-32602`; arguments failing the schema -> an `isError` result
 * naming the paths (SEP-1303); a thrown McpError -> that JSON-RPC error; a thrown client error
 * (an HTTP 4xx exception, a ZodError) -> an `isError` result with its message; anything else is a
 * server fault, answered by the core with `-32603` and a correlation id (no message leaks).
 * A tool with task support may answer with a task instead (see `lib/server/tasks/`).
 */
export const callTool: MethodHandler<'tools/call'> = (params, scope, host) => {
  // No async frame: a call whose arguments check at once goes straight on to the handler's
  // promise (an async function returning it would add a thenable job and two microtask turns).
  try {
    const { name } = params;
    const tool = host.primitives.tools.get(name);
    if (!tool) throw McpError.invalidParams(`Unknown tool: ${name}`, { name });
    const mode = taskModeOf(tool, params, scope, host);
    const args = params.arguments ?? {};
    if (!tool.input) return runTool(mode, tool, args, scope, host);
    const checked = tool.input.validate(args);
    if (!(checked instanceof Promise)) return checkedCall(checked, name, mode, tool, scope, host);
    // Async Standard Schema only.
    return checked.then((result) => checkedCall(result, name, mode, tool, scope, host));
  } catch (error) {
    return Promise.reject(error);
  }
};

type CallResult = Awaited<ReturnType<MethodHandler<'tools/call'>>>;
type Checked = Awaited<ReturnType<NonNullable<RegisteredTool['input']>['validate']>>;

/** The call once its arguments were checked: an `isError` result naming the issues, or the run. */
function checkedCall(
  checked: Checked,
  name: string,
  mode: TaskMode,
  tool: RegisteredTool,
  scope: RequestScope,
  host: HandlerHost,
): Promise<CallResult> {
  if (!checked.ok) {
    const issues = formatIssues(checked.issues);
    return Promise.resolve({
      content: [text(`Invalid arguments for tool "${name}": ${issues}`)],
      isError: true,
    });
  }
  return runTool(mode, tool, checked.value, scope, host);
}

function runTool(
  mode: TaskMode,
  tool: RegisteredTool,
  args: Record<string, unknown>,
  scope: RequestScope,
  host: HandlerHost,
): Promise<CallResult> {
  if (mode !== 'plain') return callAsTask(mode, tool, args, scope, host, invokeTool) as never;
  return invokeTool(tool, args, scope, host, runHandler) as never;
}

/** Calls the tool's handler through `run` and wraps what it returned or threw. */
export async function invokeTool(
  tool: RegisteredTool,
  args: Record<string, unknown>,
  scope: RequestScope,
  host: HandlerHost,
  run: ToolRunner,
): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await run(scope, host, (ctx) => tool.handler(args as never, ctx));
  } catch (error) {
    // A cancelled call gets no response at all; the peer drops whatever we throw.
    if (error instanceof McpError || scope.signal.aborted) throw error;
    const refusal = toMcpError(error);
    if (!refusal) throw error; // a fault: logged with a correlation id, -32603 for the client
    // A tool execution error: the model reads it and may correct itself.
    host.errors.client('tool error', () => `${tool.origin} failed: ${refusal.message}`);
    return { content: [text(refusal.message)], isError: true };
  }
  // 2026-07-28: the handler asked for input; answer `input_required` (never wrapped).
  if (value instanceof InputRequiredOutcome) return value.result as never;
  return toCallToolResult(value, tool) as Record<string, unknown>;
}
