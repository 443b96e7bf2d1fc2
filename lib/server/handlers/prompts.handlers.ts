import { McpError } from '../../errors/mcp.error.js';
import { McpContext } from '../context/mcp-context.js';
import { paginate } from '../registry/pagination.js';
import { toGetPromptResult } from '../results/prompt-result.js';
import { optionalObject, requireString, type MethodHandler } from './method-handler.interface.js';

/** `prompts/list`. */
export const listPrompts: MethodHandler = async (scope, server) => {
  const items = await server.prompts.listFor(new McpContext(scope));
  const { page, nextCursor } = paginate(items, scope.params.cursor, server.pageSize);
  return nextCursor ? { prompts: page, nextCursor } : { prompts: page };
};

/** `prompts/get`: unknown prompt or missing required argument -> `-32602`. */
export const getPrompt: MethodHandler = async (scope, server) => {
  const name = requireString(scope.params, 'name');
  const prompt = server.prompts.get(name);
  if (!prompt) throw McpError.invalidParams(`Unknown prompt: ${name}`, { name });
  const args = prompt.validate(optionalObject(scope.params, 'arguments'));
  const ctx = new McpContext(scope);
  try {
    const value = await prompt.handler(args as never, ctx);
    return toGetPromptResult(value, prompt.descriptor.description as string | undefined);
  } finally {
    ctx.finish();
  }
};
