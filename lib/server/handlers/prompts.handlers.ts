import { McpError } from '../../errors/mcp.error.js';
import { McpContext } from '../context/mcp-context.js';
import { toGetPromptResult } from '../results/prompt-result.js';
import { listPage } from './list-page.js';
import type { MethodHandler } from './method-handler.interface.js';

/** `prompts/list`. */
export const listPrompts: MethodHandler<'prompts/list'> = (params, scope, host) =>
  listPage('prompts', host.primitives.prompts, params, scope, host);

/** `prompts/get`: unknown prompt or missing required argument -> `-32602`. */
export const getPrompt: MethodHandler<'prompts/get'> = async (params, scope, host) => {
  const { name } = params;
  const prompt = host.primitives.prompts.get(name);
  if (!prompt) throw McpError.invalidParams(`Unknown prompt: ${name}`, { name });
  const args = prompt.validate(params.arguments ?? {});
  const ctx = new McpContext(scope);
  try {
    const value = await prompt.handler(args as never, ctx);
    return toGetPromptResult(value, prompt.descriptor.description);
  } finally {
    ctx.finish();
  }
};
