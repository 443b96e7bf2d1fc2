import type { ElicitResult, InputRequest, InputResponses } from '../../protocol/schema/index.js';
import { checkAnswer } from '../mrtr/input-answers.js';
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

/**
 * `ctx.elicitRequest({ message, schema })`: the `elicitation/create` input request of a typed
 * form, for `ctx.inputRequired({ inputRequests })` (the explicit round API).
 */
export async function elicitRequest(
  params: TypedElicitParams<ElicitSchema>,
): Promise<InputRequest> {
  const form = await elicitForm(params.schema, `ctx.elicitRequest(${label(params.message)})`);
  return { method: 'elicitation/create', params: formParams(params, form) };
}

/**
 * `ctx.elicitAnswer(key, schema)`: the answer in `inputResponses[key]` validated against `schema`
 * (as `ctx.elicit()` returns it), or undefined when the client has not answered `key` yet. An
 * answer that is not an elicitation result at all is `-32602` naming the key.
 */
export async function elicitAnswer(
  responses: InputResponses | undefined,
  key: string,
  schema: ElicitSchema,
): Promise<ElicitAnswer<unknown> | undefined> {
  const raw = responses?.[key];
  if (raw === undefined) return undefined;
  const result = checkAnswer(key, 'elicitation/create', raw) as ElicitResult;
  return toAnswer(result, await elicitForm(schema, `ctx.elicitAnswer(${label(key)})`));
}

/** The message as it names the call in errors (shortened). */
function label(message: string): string {
  return JSON.stringify(message.length > 40 ? `${message.slice(0, 39)}…` : message);
}
