import type {
  ArgumentCompleter,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  ToolOptions,
} from '../../server/registry/definitions.interface.js';
import type {
  PromptArgs,
  PromptArgumentOption,
  SchemaArgs,
} from '../../server/registry/definitions.interface.js';
import type { SchemaInput } from '../../server/schema/schema-compiler.js';
import type { DtoClass } from '../../server/schema/class-validator/dto-class.js';
import type { UriTemplateParams } from '../../server/uri-template/template-params.js';
import type { CheckedMethodDecorator } from './handler-check.js';
import type { McpAppViewOptions } from '../../server/registry/app-view-options.interface.js';
import type { McpSkillOptions } from '../../server/registry/skill-options.interface.js';
import {
  MCP_APP_VIEW_METADATA,
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_SKILL_METADATA,
  MCP_TOOL_METADATA,
} from '../mcp.constants.js';

/**
 * Stores a primitive's options on the decorated method. Applying the same decorator twice to one
 * method is a mistake (the second set of options would silently replace the first), so it throws
 * at class definition, naming the method.
 */
export function primitiveDecorator(
  key: string,
  decorator: string,
  options: object,
): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    const method = descriptor.value as object;
    if (Reflect.hasOwnMetadata(key, method)) {
      const owner = (target as { constructor: { name: string } }).constructor.name;
      throw new Error(`${owner}#${String(propertyKey)}: @${decorator} is applied twice`);
    }
    Reflect.defineMetadata(key, options, method);
    return descriptor;
  };
}

/**
 * Options of `@Tool()`: those of `McpServer.registerTool()`, and `inputSchema` may also be a
 * class-validator DTO class (listed as JSON Schema, validated with class-validator, the handler
 * receives the DTO instance; needs the optional peers `class-validator`, `class-transformer` and
 * `class-validator-jsonschema`).
 */
export type McpToolOptions<
  TInput extends SchemaInput | DtoClass | undefined = SchemaInput | DtoClass,
> = Omit<ToolOptions, 'inputSchema'> & {
  inputSchema?: TInput;
};

/** The arguments a `@Tool()` handler receives for `inputSchema`: a DTO instance, else {@link SchemaArgs}. */
export type McpToolArgs<TInput> = [TInput] extends [undefined]
  ? Record<string, never>
  : TInput extends DtoClass<infer D>
    ? D
    : SchemaArgs<TInput>;

/**
 * Marks a provider method as an MCP tool. The method receives the validated arguments and an
 * `McpContext`; its return value is wrapped into a `CallToolResult`. The method's first parameter
 * is checked against `inputSchema` at compile time: a property typed differently from the schema
 * is an error naming it.
 * @example
 * ```ts
 * @Tool({ description: 'Echoes text', inputSchema: { text: z.string() } })
 * echo({ text }: { text: string }) { return text; }
 * ```
 */
export const Tool = <TInput extends SchemaInput | DtoClass | undefined = undefined>(
  options: McpToolOptions<TInput> = {},
): CheckedMethodDecorator<
  McpToolArgs<TInput>,
  '@Tool: the handler parameter contradicts inputSchema, which gives'
> => primitiveDecorator(MCP_TOOL_METADATA, 'Tool', options) as never;

/**
 * Completion providers of a decorated prompt or template: a function, or the name of a method of
 * the same provider (called with `(value, context)`, so it can use injected services).
 */
export type McpCompleters = Record<string, ArgumentCompleter | string>;

/** Options of `@Prompt()`; `TArgs` is the type of `arguments`. */
export type McpPromptOptions<
  TArgs extends SchemaInput | PromptArgumentOption[] | undefined =
    SchemaInput | PromptArgumentOption[],
> = Omit<PromptOptions<TArgs>, 'complete'> & { complete?: McpCompleters };

/** Options of `@ResourceTemplate()`; `TTemplate` is the type of `uriTemplate`. */
export type McpResourceTemplateOptions<TTemplate extends string = string> = Omit<
  ResourceTemplateOptions,
  'complete' | 'uriTemplate'
> & {
  /** RFC 6570 URI template, e.g. `users://{id}/profile`. */
  uriTemplate: TTemplate;
  complete?: McpCompleters;
};

/**
 * Marks a provider method as an MCP prompt: `(args, ctx) => messages | GetPromptResult | string`.
 * The first parameter is checked against `arguments` at compile time, as `@Tool` does.
 */
export const Prompt = <TArgs extends SchemaInput | PromptArgumentOption[] | undefined = undefined>(
  options: McpPromptOptions<TArgs> = {},
): CheckedMethodDecorator<
  PromptArgs<TArgs>,
  '@Prompt: the handler parameter contradicts arguments, which gives'
> => primitiveDecorator(MCP_PROMPT_METADATA, 'Prompt', options) as never;

/** Marks a provider method as a fixed-URI MCP resource: `(uri: URL, ctx) => text | bytes | contents`. */
export const Resource = (options: ResourceOptions): MethodDecorator =>
  primitiveDecorator(MCP_RESOURCE_METADATA, 'Resource', options);

/**
 * Marks a provider method as an MCP resource template (RFC 6570):
 * `(variables, ctx) => text | bytes | contents`. The first parameter is checked against the
 * template's variables at compile time (`{id}` is a `string`, `{/path*}` a `string[]`, `{?q}`
 * optional).
 */
export const ResourceTemplate = <TTemplate extends string>(
  options: McpResourceTemplateOptions<TTemplate>,
): CheckedMethodDecorator<
  UriTemplateParams<TTemplate>,
  '@ResourceTemplate: the handler parameter contradicts uriTemplate, whose variables are'
> => primitiveDecorator(MCP_RESOURCE_TEMPLATE_METADATA, 'ResourceTemplate', options) as never;

/** Options of `@AppView()`: those of `McpServer.registerAppView()` (`html`/`file` or the method). */
export type McpAppViewDecoratorOptions = McpAppViewOptions;

/**
 * Declares an MCP App view (a `ui://` resource served as `text/html;profile=mcp-app`): the method
 * returns the HTML document `(uri: URL, ctx) => string`, unless the options give `html` or `file`
 * (then the method is never called). Tools name it with `@Tool({ ui: { view: uri } })`.
 * @example
 * ```ts
 * @AppView({ uri: 'ui://weather/forecast', prefersBorder: true })
 * forecastView() { return readFileSync('views/forecast.html', 'utf8'); }
 * ```
 */
export const AppView = (options: McpAppViewDecoratorOptions): MethodDecorator =>
  primitiveDecorator(MCP_APP_VIEW_METADATA, 'AppView', options);

/** Options of `@Skill()`: those of `McpServer.registerSkill()` (no `origin`: the method is). */
export type McpSkillDecoratorOptions = Omit<McpSkillOptions, 'origin'>;

/**
 * Declares a skill (Skills extension, SEP-2640) served at `skill://<prefix>/<name>/SKILL.md`.
 * With `instructions` (and `files`) the skill is static, listed with the digest of each file,
 * and the method is never called; otherwise the method returns the `SKILL.md` body per read
 * `(uri: URL, ctx) => string`, through the provider's guards, interceptors and filters, and the
 * entry says `"dynamic"`. What `uses` names must be registered, or bootstrap fails naming it.
 * @example
 * ```ts
 * @Skill({ name: 'trip-planning', description: 'Plan a trip with the weather tools',
 *   instructions: '1. Call `forecast` ...', uses: { tools: ['forecast'] } })
 * tripPlanning() {}
 * ```
 */
export const Skill = (options: McpSkillDecoratorOptions): MethodDecorator =>
  primitiveDecorator(MCP_SKILL_METADATA, 'Skill', options);
