import { McpError } from '../../errors/mcp.error.js';
import type { ElicitRequestFormParams, ElicitResult } from '../../protocol/schema/index.js';
import { isDtoClass } from '../schema/class-validator/dto-json-schema.js';
import { dtoStandardSchema } from '../schema/class-validator/dto-standard-schema.js';
import {
  loadClassValidator,
  type ClassValidatorKit,
} from '../schema/class-validator/load-class-validator.js';
import {
  formatIssues,
  type CompiledSchema,
  type JsonSchema,
} from '../schema/json-schema.interface.js';
import { SchemaCompiler, type SchemaInput } from '../schema/schema-compiler.js';
import { toRequestedSchema, type RequestedSchema } from './requested-schema.js';
import type { ElicitAnswer, ElicitSchema, TypedElicitParams } from './typed-elicit.interface.js';

/** A typed elicitation's schema compiled once: the wire's `requestedSchema` and the validator. */
export interface ElicitForm {
  readonly requestedSchema: RequestedSchema;
  readonly compiled: CompiledSchema;
}

/** Forms by schema object (a constant schema is converted on its first use only). */
const forms = new WeakMap<object, ElicitForm>();

/** Converts zod, Standard and raw schemas (the tools' compiler; it owns Ajv for raw schemas). */
let compiler: SchemaCompiler | undefined;

/** The class-validator peers once loaded (a DTO form is then compiled synchronously too). */
let kit: ClassValidatorKit | undefined;

/** True when `params` is a typed elicitation (`schema`), not the raw `requestedSchema` form. */
export function isTypedElicit(params: object): params is TypedElicitParams<ElicitSchema> {
  return 'schema' in params && !('requestedSchema' in params);
}

/**
 * The form of `schema`, compiled on first use and kept: a DTO class through class-validator (as
 * a tool's `inputSchema`), anything else through the tools' schema compiler, then narrowed to the
 * elicitation subset. Synchronous except the first DTO form of the process (it loads the optional
 * peers), so input calls made together keep their order. A failed conversion is not cached.
 * @throws Error naming `owner` and the field outside the subset.
 */
export function elicitForm(schema: ElicitSchema, owner: string): ElicitForm | Promise<ElicitForm> {
  const known = forms.get(schema);
  if (known) return known;
  if (isDtoClass(schema) && !kit) {
    return loadClassValidator(owner).then((loaded) => {
      kit = loaded;
      return elicitForm(schema, owner);
    });
  }
  const input: SchemaInput = isDtoClass(schema) ? dtoStandardSchema(kit!, schema, owner) : schema;
  const compiled = (compiler ??= new SchemaCompiler()).compile(input, owner);
  const form = {
    compiled,
    requestedSchema: toRequestedSchema(compiled.jsonSchema as JsonSchema, owner),
  };
  forms.set(schema, form);
  return form;
}

/** The wire params of a typed elicitation: its message and the form's `requestedSchema`. */
export function formParams(
  params: TypedElicitParams<ElicitSchema>,
  form: ElicitForm,
): ElicitRequestFormParams {
  const { schema: _schema, ...rest } = params;
  return { ...rest, requestedSchema: form.requestedSchema };
}

/**
 * The client's answer as the handler gets it: an accepted answer validated against the form's
 * schema (`accept` with the typed content, or `invalid` with the issues and the `-32602` to
 * throw), a refusal as it came.
 */
export async function toAnswer<T>(
  result: ElicitResult,
  form: ElicitForm,
): Promise<ElicitAnswer<T>> {
  if (result.action !== 'accept') return { action: result.action };
  const content = result.content ?? {};
  const checked = await form.compiled.validate(content);
  if (checked.ok) return { action: 'accept', content: checked.value as T };
  const { issues } = checked;
  const error = McpError.invalidParams(
    `The elicitation answer does not match its schema: ${formatIssues(issues)}`,
    { issues },
  );
  return { action: 'invalid', issues, content, error };
}
