import type { JsonSchema } from '../../server/schema/json-schema.interface.js';
import type { ArgumentSource } from './route-tool-arguments.js';

/** Metadata key of `@nestjs/swagger`'s `@ApiParam` / `@ApiQuery` (read as plain metadata). */
const API_PARAMETERS = 'swagger/apiParameters';
const IN: Record<ArgumentSource, string> = { params: 'path', query: 'query', body: 'body' };
const COPIED = [
  'description',
  'enum',
  'format',
  'default',
  'minimum',
  'maximum',
  'pattern',
] as const;

interface ApiParameter {
  name?: string;
  in?: string;
  description?: string;
  example?: unknown;
  schema?: JsonSchema;
  [key: string]: unknown;
}

/**
 * The schema of a single-value route argument (`@Param('id')`, `@Query('q')`), with what an
 * `@ApiParam` / `@ApiQuery` of the same name says about it (description, example, enum ...).
 */
export function apiParamSchema(
  controller: abstract new (...args: never[]) => unknown,
  methodName: string,
  name: string,
  source: ArgumentSource,
  base: JsonSchema,
): JsonSchema {
  const method = (controller.prototype as Record<string, object>)[methodName];
  const parameters = (Reflect.getMetadata(API_PARAMETERS, method) ?? []) as ApiParameter[];
  const parameter = parameters.find((p) => p.name === name && p.in === IN[source]);
  if (!parameter) return base;
  const schema: JsonSchema = { ...base, ...parameter.schema };
  for (const key of COPIED) {
    if (parameter[key] !== undefined && schema[key] === undefined) schema[key] = parameter[key];
  }
  if (parameter.example !== undefined) schema.examples ??= [parameter.example];
  return schema;
}
