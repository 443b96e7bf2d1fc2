import type { McpCacheHint } from './cache-hints.js';
import type { Resource, ResourceTemplate } from '../../protocol/schema/index.js';
import { describeExtras, describeNames } from './describe-primitive.js';
import { UriTemplate } from '../uri-template/uri-template.js';
import type {
  ArgumentCompleter,
  DefinitionOrigin,
  ResourceHandler,
  ResourceOptions,
  ResourceTemplateHandler,
  ResourceTemplateOptions,
  VisibilityPredicate,
} from './definitions.interface.js';

/** A fixed-URI resource as the registry keeps it. */
export interface RegisteredResource {
  readonly key: string;
  readonly origin: string;
  readonly mimeType?: string;
  readonly descriptor: Readonly<Resource>;
  readonly handler: ResourceHandler;
  readonly visible?: VisibilityPredicate;
  /** Cache hint of its `resources/read` result (2026-07-28), when it overrides the default. */
  readonly cache?: McpCacheHint;
}

/** A resource template as the registry keeps it (URI template parsed once). */
export interface RegisteredResourceTemplate {
  readonly key: string;
  readonly origin: string;
  readonly mimeType?: string;
  readonly template: UriTemplate;
  readonly descriptor: Readonly<ResourceTemplate>;
  readonly handler: ResourceTemplateHandler;
  readonly visible?: VisibilityPredicate;
  /** Cache hint of its `resources/read` results (2026-07-28), when it overrides the default. */
  readonly cache?: McpCacheHint;
  readonly completers: ReadonlyMap<string, ArgumentCompleter>;
}

function common(options: ResourceOptions | ResourceTemplateOptions): Record<string, unknown> {
  return {
    ...describeNames(options),
    ...(options.mimeType !== undefined && { mimeType: options.mimeType }),
    ...(options.annotations && { annotations: options.annotations }),
    ...describeExtras(options),
  };
}

/** Compiles a fixed resource definition. */
export function compileResource(
  options: ResourceOptions & DefinitionOrigin & { name: string },
  handler: ResourceHandler,
): RegisteredResource {
  const origin = options.origin ?? `resource "${options.uri}"`;
  if (!URL.canParse(options.uri))
    throw new Error(`${origin}: invalid resource URI "${options.uri}"`);
  const descriptor = {
    uri: options.uri,
    name: options.name,
    ...common(options),
    ...(options.size !== undefined && { size: options.size }),
  };
  return {
    key: options.uri,
    origin,
    mimeType: options.mimeType,
    descriptor: Object.freeze(descriptor as Resource),
    handler,
    visible: options.visible,
    ...(options.cache && { cache: Object.freeze({ ...options.cache }) }),
  };
}

/** Compiles a resource template definition (parses the RFC 6570 template once). */
export function compileResourceTemplate(
  options: ResourceTemplateOptions & DefinitionOrigin & { name: string },
  handler: ResourceTemplateHandler,
): RegisteredResourceTemplate {
  const origin = options.origin ?? `resource template "${options.uriTemplate}"`;
  let template: UriTemplate;
  try {
    template = new UriTemplate(options.uriTemplate);
  } catch (e) {
    throw new Error(`${origin}: ${(e as Error).message}`, { cause: e });
  }
  const descriptor = { uriTemplate: options.uriTemplate, name: options.name, ...common(options) };
  return {
    key: options.uriTemplate,
    origin,
    mimeType: options.mimeType,
    template,
    descriptor: Object.freeze(descriptor as ResourceTemplate),
    handler,
    visible: options.visible,
    ...(options.cache && { cache: Object.freeze({ ...options.cache }) }),
    completers: new Map(Object.entries(options.complete ?? {})),
  };
}
