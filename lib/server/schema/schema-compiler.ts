import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { z } from 'zod';
import type {
  CompiledSchema,
  JsonSchema,
  SchemaIssue,
  ValidationResult,
} from './json-schema.interface.js';
import {
  compileStandardSchema,
  isStandardSchema,
  type StandardJsonSchema,
} from './standard-schema.js';

/**
 * What tool/prompt options accept as a schema: a zod schema, a zod object shape, a Standard Schema
 * with JSON Schema support (arktype, valibot through `toStandardJsonSchema`), or raw JSON Schema.
 */
export type SchemaInput = z.ZodType | Record<string, z.ZodType> | StandardJsonSchema | JsonSchema;

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** True when `value` is a zod (v4) schema. */
export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function isZodShape(value: object): value is Record<string, z.ZodType> {
  const values = Object.values(value);
  return values.length > 0 && values.every(isZodSchema);
}

/**
 * Compiles schemas once (JSON Schema conversion and validator construction) so that requests
 * only run the validator. One compiler per server; it owns the Ajv instances for raw schemas.
 */
export class SchemaCompiler {
  private ajv2020?: Ajv2020;
  private ajv07?: Ajv;

  /** Compiles a schema; `owner` names the tool or prompt in bootstrap errors. */
  compile<T = unknown>(schema: SchemaInput, owner: string): CompiledSchema<T> {
    if (isZodSchema(schema)) return this.compileZod<T>(schema, owner);
    if (isStandardSchema(schema)) return compileStandardSchema<T>(schema, owner);
    if (isZodShape(schema)) return this.compileZod<T>(z.object(schema), owner);
    return this.compileJson<T>(schema as JsonSchema, owner);
  }

  /** The JSON Schema of a zod schema, as sent on the wire (2020-12 dialect). */
  toJsonSchema(schema: z.ZodType, owner: string): JsonSchema {
    try {
      return z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'input',
        unrepresentable: 'any',
      });
    } catch (e) {
      throw new Error(
        `${owner}: cannot convert the zod schema to JSON Schema: ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  private compileZod<T>(schema: z.ZodType, owner: string): CompiledSchema<T> {
    const jsonSchema = this.toJsonSchema(schema, owner);
    return {
      jsonSchema,
      validate(value: unknown): ValidationResult<T> {
        const parsed = schema.safeParse(value);
        if (parsed.success) return { ok: true, value: parsed.data as T };
        return { ok: false, issues: parsed.error.issues.map(zodIssue) };
      },
    };
  }

  private compileJson<T>(schema: JsonSchema, owner: string): CompiledSchema<T> {
    let validator: ValidateFunction;
    try {
      validator = this.ajvFor(schema).compile(schema);
    } catch (e) {
      throw new Error(`${owner}: invalid JSON Schema: ${(e as Error).message}`, { cause: e });
    }
    return {
      jsonSchema: schema,
      validate(value: unknown): ValidationResult<T> {
        if (validator(value)) return { ok: true, value: value as T };
        return { ok: false, issues: (validator.errors ?? []).map(ajvIssue) };
      },
    };
  }

  private ajvFor(schema: JsonSchema): Ajv | Ajv2020 {
    const dialect = schema.$schema;
    if (dialect === undefined || (typeof dialect === 'string' && DRAFT_2020.test(dialect))) {
      return (this.ajv2020 ??= withFormats(new Ajv2020({ strict: false, allErrors: true })));
    }
    if (typeof dialect === 'string' && DRAFT_07.test(dialect)) {
      return (this.ajv07 ??= withFormats(new Ajv({ strict: false, allErrors: true })));
    }
    throw new Error(
      `unsupported JSON Schema dialect ${JSON.stringify(dialect)} (use 2020-12 or draft-07)`,
    );
  }
}

/** `ajv-formats`' plugin as this file calls it. */
type FormatsPlugin = (ajv: Ajv | Ajv2020) => unknown;

/**
 * Registers the JSON Schema `format`s (uri, email, date-time, uuid, ...) with `ajv-formats`, the
 * plugin Ajv's authors keep for this, so a raw schema's `format` is validated rather than ignored
 * with a console warning. The package is CommonJS: its plugin is the module itself under ESM and
 * its `default` under the CommonJS build.
 */
function withFormats<T extends Ajv | Ajv2020>(ajv: T): T {
  const formats = ajvFormats as unknown as FormatsPlugin & { default?: FormatsPlugin };
  const plugin = formats.default ?? formats;
  plugin(ajv);
  return ajv;
}

function zodIssue(issue: z.core.$ZodIssue): SchemaIssue {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}

function ajvIssue(error: ErrorObject): SchemaIssue {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing =
    error.keyword === 'required'
      ? (error.params as { missingProperty?: string }).missingProperty
      : undefined;
  if (missing) return { path: path ? `${path}.${missing}` : missing, message: 'is required' };
  return { path, message: error.message ?? 'is invalid' };
}
