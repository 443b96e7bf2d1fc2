/** A JSON Schema document as plain JSON (any dialect; 2020-12 when `$schema` is absent). */
export type JsonSchema = Record<string, unknown>;

/** One validation problem, with the path of the offending value. */
export interface SchemaIssue {
  /** Dotted/indexed path into the validated value (`''` for the root). */
  path: string;
  message: string;
}

/** Result of validating a value against a compiled schema. */
export type ValidationResult<T = unknown> =
  { ok: true; value: T } | { ok: false; issues: SchemaIssue[] };

/** A schema compiled once at bootstrap: its JSON form for the wire and a validator for requests. */
export interface CompiledSchema<T = unknown> {
  /** The JSON Schema sent in `tools/list` (authored raw schemas are kept verbatim). */
  readonly jsonSchema: JsonSchema;
  /**
   * Validates (and for zod, transforms/defaults) a value. Synchronous for zod and raw JSON
   * Schema; a Standard Schema whose library validates asynchronously returns a Promise.
   */
  validate(value: unknown): ValidationResult<T> | Promise<ValidationResult<T>>;
}

/** Formats issues for a human or a model: `text: expected string; count: too small`. */
export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
}

/**
 * The result of a validation that must be synchronous (output schemas, prompt arguments): an
 * asynchronous Standard Schema validation there is reported as an issue, never left pending.
 */
export function syncValidation<T>(
  result: ValidationResult<T> | Promise<ValidationResult<T>>,
): ValidationResult<T> {
  if (!(result instanceof Promise)) return result;
  result.catch(() => undefined);
  const message = 'asynchronous schema validation is only supported for a tool inputSchema';
  return { ok: false, issues: [{ path: '', message }] };
}
