import { McpError } from '../../errors/mcp.error.js';
import type { ArgumentCompleter } from '../registry/definitions.interface.js';
import { optionalObject, requireString, type MethodHandler } from './method-handler.interface.js';

const MAX_VALUES = 100;

/**
 * `completion/complete` for prompt arguments (`ref/prompt`) and template variables
 * (`ref/resource`). An argument without a completer gets an empty list.
 */
export const complete: MethodHandler = async (scope, server) => {
  const ref = optionalObject(scope.params, 'ref');
  const argument = optionalObject(scope.params, 'argument');
  const name = requireString(argument, 'name');
  const value = typeof argument.value === 'string' ? argument.value : '';
  const context = optionalObject(scope.params, 'context');
  const args = optionalObject(context, 'arguments') as Record<string, string>;

  let completer: ArgumentCompleter | undefined;
  if (ref.type === 'ref/prompt') {
    const promptName = requireString(ref, 'name');
    const prompt = server.prompts.get(promptName);
    if (!prompt) throw McpError.invalidParams(`Unknown prompt: ${promptName}`);
    completer = prompt.completers.get(name);
  } else if (ref.type === 'ref/resource') {
    const uri = requireString(ref, 'uri');
    const template = server.resourceTemplates.get(uri);
    if (!template && !server.resources.get(uri)) {
      throw McpError.invalidParams(`Unknown resource or template: ${uri}`);
    }
    completer = template?.completers.get(name);
  } else {
    throw McpError.invalidParams('"ref.type" must be "ref/prompt" or "ref/resource"');
  }
  const values = completer ? await completer(value, { arguments: args }) : [];
  return {
    completion: {
      values: values.slice(0, MAX_VALUES),
      total: values.length,
      hasMore: values.length > MAX_VALUES,
    },
  };
};
