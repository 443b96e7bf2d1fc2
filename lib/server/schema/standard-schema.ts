import type { CompiledSchema, JsonSchema, SchemaIssue } from './json-schema.interface.js';

/**
 * The parts of a Standard Schema (standardschema.dev, `~standard` v1) with its JSON Schema
 * extension that the server uses: `validate` (sync or async) and `jsonSchema.input(...)`. zod 4.2+
 * and arktype 2 implement both; a valibot schema gets them from `toStandardJsonSchema()` of
 * `@valibot/to-json-schema`.
 */
export interface StandardJsonSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
    };
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** What `~standard.validate` returns: the value, or issues with optional paths. */
type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The handler-side type of a Standard Schema (its `types.output`). */
export type StandardOutput<S> = S extends {
  readonly '~standard': { readonly types?: { readonly output: infer O } | undefined };
}
  ? O
  : unknown;

/** True for any Standard Schema (`~standard.validate` present), with or without JSON Schema support. */
export function isStandardSchema(value: unknown): value is StandardJsonSchema {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: { validate?: unknown } })['~standard'];
  return typeof props === 'object' && props !== null && typeof props.validate === 'function';
}

/**
 * Compiles a Standard Schema once: its own converter gives the listed JSON Schema (2020-12),
 * `~standard.validate` checks requests. A schema without the JSON Schema extension is refused
 * here, at bootstrap, naming `owner`.
 */
export function compileStandardSchema<T>(
  schema: StandardJsonSchema,
  owner: string,
): CompiledSchema<T> {
  const props = schema['~standard'];
  if (typeof props.jsonSchema?.input !== 'function') {
    throw new Error(
      `${owner}: the ${props.vendor} schema is a Standard Schema without JSON Schema support ` +
        '(no ~standard.jsonSchema), so it cannot be listed. Use zod 4.2+ or arktype 2, wrap a ' +
        'valibot schema with toStandardJsonSchema() from @valibot/to-json-schema, or pass a JSON Schema.',
    );
  }
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = props.jsonSchema.input({ target: 'draft-2020-12' });
  } catch (e) {
    throw new Error(
      `${owner}: cannot convert the ${props.vendor} schema to JSON Schema: ${(e as Error).message}`,
      { cause: e },
    );
  }
  return {
    jsonSchema,
    validate(value) {
      const result = props.validate(value);
      return result instanceof Promise ? result.then(toValidation<T>) : toValidation<T>(result);
    },
  };
}

function toValidation<T>(result: StandardResult<unknown>) {
  if (result.issues === undefined) return { ok: true as const, value: result.value as T };
  return { ok: false as const, issues: result.issues.map(standardIssue) };
}

function standardIssue(issue: StandardIssue): SchemaIssue {
  const path = (issue.path ?? [])
    .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
    .join('.');
  return { path, message: issue.message };
}
