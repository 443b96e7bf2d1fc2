import type { ElicitResult } from '../../protocol/schema/index.js';
import type {
  ElicitAnswer,
  ElicitSchema,
  TypedElicitParams,
} from '../elicitation/typed-elicit.interface.js';
import {
  elicitForm,
  formParams,
  toAnswer,
  type ElicitForm,
} from '../elicitation/typed-elicitation.js';
import { requestInput, requireInputCapability } from './client-input.js';
import type { InputRequestOptions } from './input-request-options.interface.js';
import type { RequestScope } from './request-scope.interface.js';

/**
 * `ctx.elicit({ message, schema })`: the schema's form (compiled on first use), asked as any
 * elicitation is (2025 request, 2026-07-28 input round, task input), the answer validated.
 */
export function typedElicit(
  scope: RequestScope,
  params: TypedElicitParams<ElicitSchema>,
  options?: InputRequestOptions,
): Promise<ElicitAnswer<unknown>> {
  let form: ElicitForm | Promise<ElicitForm>;
  try {
    form = elicitForm(params.schema, `ctx.elicit(${label(params.message)})`);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  // Asked in the same tick when the form is known: keys by call order stay stable across rounds.
  if (form instanceof Promise) return form.then((loaded) => ask(scope, params, loaded, options));
  return ask(scope, params, form, options);
}

async function ask(
  scope: RequestScope,
  params: TypedElicitParams<ElicitSchema>,
  form: ElicitForm,
  options?: InputRequestOptions,
): Promise<ElicitAnswer<unknown>> {
  const wire = formParams(params, form);
  if (scope.protocol.era !== 'modern') requireInputCapability(scope, 'elicitation/create', wire);
  const result = (await requestInput(scope, 'elicitation/create', wire, options)) as ElicitResult;
  return toAnswer(result, form);
}

/** The message as it names the call in errors (shortened). */
function label(message: string): string {
  return JSON.stringify(message.length > 40 ? `${message.slice(0, 39)}…` : message);
}
