import type { SchemaIssue } from '../json-schema.interface.js';
import type { StandardJsonSchema } from '../standard-schema.js';
import { dtoJsonSchema, type DtoClass } from './dto-json-schema.js';
import type { ClassValidatorKit } from './load-class-validator.js';

type ValidatorOptions = import('class-validator').ValidatorOptions;
type ValidationError = Awaited<ReturnType<ClassValidatorKit['validator']['validate']>>[number];

/**
 * How tool arguments are validated against a DTO by default: unknown properties are refused
 * (`whitelist` + `forbidNonWhitelisted`, and the listed schema says `additionalProperties: false`),
 * and a DTO without validation decorators is refused rather than passed through.
 */
export const DTO_VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
});

/**
 * A DTO class as a Standard Schema with JSON Schema, so it goes where zod goes (a tool's
 * `inputSchema`): listed from {@link dtoJsonSchema}, validated by class-transformer's
 * `plainToInstance` and class-validator's `validate`; the handler receives the DTO instance.
 */
export function dtoStandardSchema<T extends object>(
  kit: ClassValidatorKit,
  type: DtoClass<T>,
  owner: string,
  options: ValidatorOptions = DTO_VALIDATOR_OPTIONS,
): StandardJsonSchema<unknown, T> {
  const { schema } = dtoJsonSchema(kit, type, owner);
  const listed = options.forbidNonWhitelisted ? { ...schema, additionalProperties: false } : schema;
  const { plainToInstance } = kit.transformer;
  const { validate } = kit.validator;
  return {
    '~standard': {
      version: 1,
      vendor: 'class-validator',
      jsonSchema: { input: () => listed },
      async validate(value) {
        const instance = plainToInstance(type as new () => T, value as object);
        const errors = await validate(instance, options);
        if (errors.length === 0) return { value: instance };
        const issues = validationIssues(errors);
        return {
          issues: issues.map(({ path, message }) => ({ message, path: path ? [path] : [] })),
        };
      },
    },
  };
}

/** class-validator's error tree as flat issues: `address.city: city must be a string`. */
export function validationIssues(errors: ValidationError[], parent = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) issues.push({ path, message });
    if (error.children?.length) issues.push(...validationIssues(error.children, path));
  }
  return issues;
}
