import { McpError } from '../../errors/mcp.error.js';
import { MAX_COMPLETION_VALUES } from '../../protocol/schema/index.js';
import type { ArgumentCompleter } from '../registry/definitions.interface.js';
import type { MethodHandler } from './method-handler.interface.js';

/**
 * `completion/complete` for prompt arguments (`ref/prompt`) and template variables
 * (`ref/resource`). An argument without a completer gets an empty list.
 */
export const complete: MethodHandler<'completion/complete'> = async (params, _scope, host) => {
  const { ref, argument } = params;
  const { prompts, resources, resourceTemplates } = host.primitives;
  let completer: ArgumentCompleter | undefined;
  if (ref.type === 'ref/prompt') {
    const prompt = prompts.get(ref.name);
    if (!prompt) throw McpError.invalidParams(`Unknown prompt: ${ref.name}`);
    completer = prompt.completers.get(argument.name);
  } else {
    const template = resourceTemplates.get(ref.uri);
    if (!template && !resources.get(ref.uri)) {
      throw McpError.invalidParams(`Unknown resource or template: ${ref.uri}`);
    }
    completer = template?.completers.get(argument.name);
  }
  const args = params.context?.arguments ?? {};
  const values = completer ? await completer(argument.value, { arguments: args }) : [];
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETION_VALUES),
      total: values.length,
      hasMore: values.length > MAX_COMPLETION_VALUES,
    },
  };
};
