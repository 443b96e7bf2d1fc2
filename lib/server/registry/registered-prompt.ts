import type { McpCacheHint } from './cache-hints.js';
import { McpError } from '../../errors/mcp.error.js';
import type { Prompt } from '../../protocol/schema/index.js';
import { describeExtras, describeNames } from './describe-primitive.js';
import type { SchemaCompiler } from '../schema/schema-compiler.js';
import {
  formatIssues,
  syncValidation,
  type CompiledSchema,
  type JsonSchema,
} from '../schema/json-schema.interface.js';
import type {
  ArgumentCompleter,
  DefinitionOrigin,
  PromptArgumentOption,
  PromptHandler,
  PromptOptions,
  VisibilityPredicate,
} from './definitions.interface.js';

/** A prompt as the registry keeps it. */
export interface RegisteredPrompt {
  readonly key: string;
  readonly origin: string;
  readonly descriptor: Readonly<Prompt>;
  readonly handler: PromptHandler<never>;
  readonly visible?: VisibilityPredicate;
  /** Cache hint it contributes to `prompts/list` (2026-07-28). */
  readonly cache?: McpCacheHint;
  readonly completers: ReadonlyMap<string, ArgumentCompleter>;
  /** Validates `prompts/get` arguments (required ones present; schema when given). */
  validate(args: Record<string, unknown>): Record<string, unknown>;
}

/** Compiles a prompt definition once. */
export function compilePrompt(
  options: PromptOptions & DefinitionOrigin & { name: string },
  handler: PromptHandler<never>,
  compiler: SchemaCompiler,
): RegisteredPrompt {
  const origin = options.origin ?? `prompt "${options.name}"`;
  let schema: CompiledSchema<Record<string, unknown>> | undefined;
  let args: PromptArgumentOption[] = [];
  if (Array.isArray(options.arguments)) {
    args = options.arguments;
  } else if (options.arguments) {
    schema = compiler.compile<Record<string, unknown>>(options.arguments, origin);
    args = argumentsFromSchema(schema.jsonSchema);
  }
  const required = args.filter((a) => a.required).map((a) => a.name);
  const descriptor: Record<string, unknown> = {
    name: options.name,
    ...describeNames(options),
    ...(args.length > 0 && { arguments: args }),
    ...describeExtras(options),
  };
  return {
    key: options.name,
    origin,
    descriptor: Object.freeze(descriptor as Prompt),
    handler,
    visible: options.visible,
    ...(options.cache && { cache: Object.freeze({ ...options.cache }) }),
    completers: new Map(Object.entries(options.complete ?? {})),
    validate(values) {
      const missing = required.filter((name) => values[name] === undefined);
      if (missing.length > 0) {
        throw McpError.invalidParams(
          `Missing required argument${missing.length > 1 ? 's' : ''} for prompt "${options.name}": ${missing.join(', ')}`,
        );
      }
      if (!schema) return values;
      const result = syncValidation(schema.validate(values));
      if (!result.ok) {
        throw McpError.invalidParams(
          `Invalid arguments for prompt "${options.name}": ${formatIssues(result.issues)}`,
        );
      }
      return result.value;
    },
  };
}

function argumentsFromSchema(schema: JsonSchema): PromptArgumentOption[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    ...(typeof property.title === 'string' && { title: property.title }),
    ...(typeof property.description === 'string' && { description: property.description }),
    required: required.has(name),
  }));
}
