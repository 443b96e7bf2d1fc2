import type { McpCacheHint } from './cache-hints.js';
import type { z } from 'zod';
import type { Annotations, Icon, ToolAnnotations } from '../../protocol/schema/index.js';
import type { SchemaInput } from '../schema/schema-compiler.js';
import type { StandardJsonSchema, StandardOutput } from '../schema/standard-schema.js';
import type { McpContext } from '../context/mcp-context.js';
import type { McpTaskSupport, McpToolTaskOptions } from './task-options.interface.js';
import type { McpToolUi } from './tool-ui.js';

/**
 * The arguments a handler receives for an input schema: the zod output of a zod schema or shape,
 * the output type of a Standard Schema, `Record<string, unknown>` for raw JSON Schema, and no
 * arguments when there is no schema.
 */
export type SchemaArgs<S> = [S] extends [undefined]
  ? Record<string, never>
  : S extends z.ZodType
    ? z.output<S>
    : S extends StandardJsonSchema
      ? StandardOutput<S>
      : S extends Record<string, z.ZodType>
        ? z.output<z.ZodObject<S>>
        : Record<string, unknown>;

/** The arguments of a prompt handler: typed from a zod schema, strings for an explicit list. */
export type PromptArgs<A> = A extends readonly PromptArgumentOption[]
  ? Record<string, string | undefined>
  : SchemaArgs<A>;

/** Hints about a tool's behaviour (the protocol's `ToolAnnotations`; untrusted from other servers). */
export type { ToolAnnotations };

/** Fields shared by every primitive's options. */
export interface PrimitiveOptions {
  /** Human-friendly display name. */
  title?: string;
  description?: string;
  icons?: Icon[];
  /** Free-form `_meta` sent with the descriptor. */
  _meta?: Record<string, unknown>;
  /**
   * Hides the primitive from list results for callers for whom it returns false. It does not
   * protect calls: use guards for that (with `hideDeniedFromLists`, guards drive this for you).
   */
  visible?: VisibilityPredicate;
  /**
   * Cache hint (2026-07-28). Every primitive contributes it to its list result (the list gets the
   * shortest `ttlMs` of its items and `'private'` when any item is private or has `visible`);
   * a resource's or template's hint is also that of its `resources/read` result. Without it the
   * module default applies (`cache.lists` / `cache.resources`, else not cached and private).
   */
  cache?: McpCacheHint;
}

/** Decides per request whether a primitive appears in list results. */
export type VisibilityPredicate = (ctx: McpContext) => boolean | Promise<boolean>;

/** Options of `@Tool()` / `McpServer.registerTool()`; `TInput` is the type of `inputSchema`. */
export interface ToolOptions<
  TInput extends SchemaInput | undefined = SchemaInput,
> extends PrimitiveOptions {
  /** Programmatic name (1-128 chars of `A-Z a-z 0-9 _ - .`); defaults to the method name. */
  name?: string;
  /** Arguments schema: zod schema or shape, or raw JSON Schema (sent verbatim). Default: no arguments. */
  inputSchema?: TInput;
  /** Schema of `structuredContent`; results are validated against it. */
  outputSchema?: SchemaInput;
  annotations?: ToolAnnotations;
  /**
   * Whether the tool runs as a task (a call that outlives its request): `'forbidden'` (default),
   * `'optional'`, `'required'`, or the object form with its own TTL, polling interval and start.
   */
  task?: McpTaskSupport | McpToolTaskOptions;
  /**
   * The MCP App view rendering the tool's results (`_meta.ui` and the legacy `ui/resourceUri`);
   * the view must be declared with `@AppView()` or `McpServer.registerAppView()`.
   */
  ui?: McpToolUi;
}

/** Completes the value of one argument: returns candidate values (at most 100 are sent). */
export type ArgumentCompleter = (
  value: string,
  context: { arguments: Record<string, string> },
) => string[] | Promise<string[]>;

/** Options of `@Prompt()` / `McpServer.registerPrompt()`; `TArgs` is the type of `arguments`. */
export interface PromptOptions<
  TArgs extends SchemaInput | PromptArgumentOption[] | undefined =
    SchemaInput | PromptArgumentOption[],
> extends PrimitiveOptions {
  /** Defaults to the method name. */
  name?: string;
  /** Arguments as a zod object/shape of strings, or an explicit list. */
  arguments?: TArgs;
  /** Completion providers by argument name. */
  complete?: Record<string, ArgumentCompleter>;
}

/** One prompt argument declared explicitly. */
export interface PromptArgumentOption {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** Options of `@Resource()` / `McpServer.registerResource()`. */
export interface ResourceOptions extends PrimitiveOptions {
  uri: string;
  /** Defaults to the method name. */
  name?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
}

/** Options of `@ResourceTemplate()` / `McpServer.registerResourceTemplate()`. */
export interface ResourceTemplateOptions extends PrimitiveOptions {
  /** RFC 6570 URI template, e.g. `users://{id}/profile`. */
  uriTemplate: string;
  /** Defaults to the method name. */
  name?: string;
  mimeType?: string;
  annotations?: Annotations;
  /** Completion providers by template variable name. */
  complete?: Record<string, ArgumentCompleter>;
}

/** A tool handler: validated arguments and the request context; the return value is wrapped into a result. */
export type ToolHandler<TArgs = Record<string, unknown>> = (
  args: TArgs,
  ctx: McpContext,
) => unknown;
/** A prompt handler: validated arguments; returns messages, a GetPromptResult or a string. */
export type PromptHandler<TArgs = Record<string, string | undefined>> = (
  args: TArgs,
  ctx: McpContext,
) => unknown;
/** A resource handler: returns text, bytes, contents or a ReadResourceResult. */
export type ResourceHandler = (uri: URL | string, ctx: McpContext) => unknown;
/** A resource template handler: receives the extracted template variables. */
export type ResourceTemplateHandler = (
  variables: Record<string, string | string[]>,
  ctx: McpContext,
) => unknown;

/** Where a definition came from, for bootstrap errors (`WeatherTools#forecast`). */
export interface DefinitionOrigin {
  origin?: string;
}
