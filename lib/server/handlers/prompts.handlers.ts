import { McpError } from '../../errors/mcp.error.js';
import { InputRequiredOutcome, runHandler } from '../context/run-handler.js';
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
  const value = await runHandler(scope, host, (ctx) => prompt.handler(args as never, ctx));
  if (value instanceof InputRequiredOutcome) return value.result as never;
  return toGetPromptResult(value, prompt.descriptor.description);
};
