import type { McpError } from '../../errors/mcp.error.js';
import type { SchemaArgs } from '../registry/definitions.interface.js';
import type { DtoClass } from '../schema/class-validator/dto-class.js';
import type { SchemaIssue } from '../schema/json-schema.interface.js';
import type { SchemaInput } from '../schema/schema-compiler.js';

/**
 * What `ctx.elicit({ schema })` takes: a zod object (or object shape), a Standard Schema with
 * JSON Schema support, a class-validator DTO class (as a tool's `inputSchema`), or raw JSON
 * Schema (answer untyped). Declare it once (a constant): it is converted on first use and reused.
 */
export type ElicitSchema = SchemaInput | DtoClass;

/** The typed content of an accepted answer to `schema`: the DTO instance, else the schema's output. */
export type ElicitContent<S> = S extends DtoClass<infer D> ? D : SchemaArgs<S>;

/** A field value elicitation can carry: string, number, boolean, or a multi-select's strings. */
type FlatValue = string | number | boolean | readonly string[];

/** Names of the fields of `T` that are not flat primitives (nested objects, arrays of objects, ...). */
export type NonFlatFields<T> = 0 extends 1 & T
  ? never
  : string extends keyof T
    ? never
    : { [K in keyof T]-?: Exclude<T[K], undefined> extends FlatValue ? never : K }[keyof T];

/**
 * `unknown` when the schema's fields are all flat; otherwise a required property whose name is
 * the message and whose value names the offending fields, so the call does not compile.
 */
export type FlatElicitSchema<S> = [NonFlatFields<ElicitContent<S>>] extends [never]
  ? unknown
  : {
      'elicit: only flat string, number, boolean and enum fields can be asked; not': NonFlatFields<
        ElicitContent<S>
      >;
    };

/** Params of a typed form elicitation: the message shown and the schema of the answer. */
export interface TypedElicitParams<S extends ElicitSchema> {
  /** What the user is asked. */
  message: string;
  /** The answer's schema; sent as the spec's flat `requestedSchema`, the answer validated by it. */
  schema: S;
}

/**
 * The user's answer to a typed elicitation. `accept` carries the validated, typed content;
 * `decline` and `cancel` are the user's refusals; `invalid` is an accepted answer that does not
 * match the schema: its `issues` name the fields, and `error` is the `-32602` to throw when the
 * client should be told (`if (answer.action === 'invalid') throw answer.error`).
 */
export type ElicitAnswer<T> =
  | { readonly action: 'accept'; readonly content: T }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' }
  | {
      readonly action: 'invalid';
      readonly issues: SchemaIssue[];
      /** The content the client sent, unvalidated. */
      readonly content: unknown;
      readonly error: McpError;
    };
