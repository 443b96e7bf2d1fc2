import type { Observable } from 'rxjs';
import type { McpContext } from '../context/mcp-context.js';
import type {
  Prompt,
  Resource,
  ResourceTemplate,
  Skill,
  Tool,
} from '../../protocol/schema/index.js';
import type { UriTemplateIndexMatch } from '../uri-template/uri-template-index.js';
import type { RegisteredPrompt } from './registered-prompt.js';
import type { RegisteredResource, RegisteredResourceTemplate } from './registered-resource.js';
import type { RegisteredSkill } from './registered-skill.js';
import type { RegisteredTool } from './registered-tool.js';

/** A read-only view of one registry: lookups and list descriptors, no way to add or remove. */
export interface RegistryView<T, D> {
  /** Number of registered items. */
  readonly size: number;
  /** O(1) lookup by key (tool/prompt name, resource URI, URI template). */
  get(key: string): T | undefined;
  /** All items in registration order. */
  values(): IterableIterator<T>;
  /** Wire descriptors in registration order (cached until the next change). */
  list(): readonly D[];
  /** The descriptors a caller may see (visibility predicates applied). */
  listFor(ctx: McpContext): Promise<readonly D[]>;
}

/** The kinds of primitive lists a client can be told changed. */
export type PrimitiveListKind = 'tools' | 'prompts' | 'resources';

/** What the method handlers and capability derivation read: every registry, read-only. */
export interface PrimitiveLookup {
  /** Tools by name. */
  readonly tools: RegistryView<RegisteredTool, Tool>;
  /** Prompts by name. */
  readonly prompts: RegistryView<RegisteredPrompt, Prompt>;
  /** Fixed resources by URI. */
  readonly resources: RegistryView<RegisteredResource, Resource>;
  /** Resource templates by URI template. */
  readonly resourceTemplates: RegistryView<RegisteredResourceTemplate, ResourceTemplate>;
  /** Skills (SEP-2640) by the URI of their `SKILL.md`; their files are among the resources. */
  readonly skills: RegistryView<RegisteredSkill, Skill>;
  /** Emits the list kind after every registration or removal. */
  readonly changes$: Observable<PrimitiveListKind>;
  /** True while a change must not be announced (each instance applies it; one announces it). */
  readonly quiet?: boolean;
  /** Finds the template serving a URI, with the extracted variables. */
  matchResourceTemplate(uri: string): UriTemplateIndexMatch<RegisteredResourceTemplate> | undefined;
}
