import { merge, type Observable } from 'rxjs';
import { map } from 'rxjs/operators';
import type {
  Prompt,
  Resource,
  ResourceTemplate,
  Skill,
  Tool,
} from '../../protocol/schema/index.js';
import { SchemaCompiler } from '../schema/schema-compiler.js';
import { UriTemplateIndex } from '../uri-template/uri-template-index.js';
import { OrderedRegistry } from './ordered-registry.js';
import type { RegisteredPrompt } from './registered-prompt.js';
import type { RegisteredResource, RegisteredResourceTemplate } from './registered-resource.js';
import type { RegisteredSkill } from './registered-skill.js';
import type { RegisteredTool } from './registered-tool.js';
import type {
  PrimitiveListKind,
  PrimitiveLookup,
  RegistryView,
} from './registry-view.interface.js';

const describe = <D>(item: { descriptor: D }) => item.descriptor;

/**
 * A read-only facade over a registry (so a view cannot be cast back to add items). A class, so
 * each view is one small object (a session's own registry has four).
 */
class RegistryFacade<T extends { key: string }, D> implements RegistryView<T, D> {
  readonly #registry: OrderedRegistry<T, D>;

  constructor(registry: OrderedRegistry<T, D>) {
    this.#registry = registry;
    Object.freeze(this);
  }

  get size(): number {
    return this.#registry.size;
  }

  get(key: string): T | undefined {
    return this.#registry.get(key);
  }

  values(): IterableIterator<T> {
    return this.#registry.values();
  }

  list(): readonly D[] {
    return this.#registry.list();
  }

  listFor(ctx: Parameters<OrderedRegistry<T, D>['listFor']>[0]): Promise<readonly D[]> {
    return this.#registry.listFor(ctx);
  }
}

function viewOf<T extends { key: string }, D>(registry: OrderedRegistry<T, D>): RegistryView<T, D> {
  return new RegistryFacade(registry);
}

/**
 * The registries of a server (tools, prompts, resources, templates, skills) plus the template index
 * and the schema compiler. Only its owner (McpServer) adds and removes, with already compiled
 * items; everyone else gets the read-only {@link PrimitiveLookup}.
 */
export class PrimitiveRegistry implements PrimitiveLookup {
  constructor(
    /** Compiles schemas once for every registration (a session's registry shares its server's). */
    readonly compiler = new SchemaCompiler(),
  ) {}

  private readonly toolItems = new OrderedRegistry<RegisteredTool, Tool>('tool', describe);
  private readonly promptItems = new OrderedRegistry<RegisteredPrompt, Prompt>('prompt', describe);
  private readonly resourceItems = new OrderedRegistry<RegisteredResource, Resource>(
    'resource',
    describe,
  );
  private readonly templateItems = new OrderedRegistry<
    RegisteredResourceTemplate,
    ResourceTemplate
  >('resource template', describe);
  private readonly templateIndex = new UriTemplateIndex<RegisteredResourceTemplate>();
  private readonly skillItems = new OrderedRegistry<RegisteredSkill, Skill>('skill', describe);

  /** Tools by name (read-only). */
  readonly tools = viewOf(this.toolItems);
  /** Prompts by name (read-only). */
  readonly prompts = viewOf(this.promptItems);
  /** Fixed resources by URI (read-only). */
  readonly resources = viewOf(this.resourceItems);
  /** Resource templates by URI template (read-only). */
  readonly resourceTemplates = viewOf(this.templateItems);
  /** Skills by the URI of their `SKILL.md` (read-only). */
  readonly skills = viewOf(this.skillItems);
  private changed?: Observable<PrimitiveListKind>;
  /**
   * True while {@link quietly} runs: the server then publishes no `list_changed` for the change
   * (each instance applies a cluster-wide registration itself; its origin announces it once).
   */
  quiet = false;

  /** Runs `change` with {@link quiet} set. */
  quietly<T>(change: () => T): T {
    const was = this.quiet;
    this.quiet = true;
    try {
      return change();
    } finally {
      this.quiet = was;
    }
  }

  /** Emits the list kind after every registration or removal (built on first use). */
  get changes$(): Observable<PrimitiveListKind> {
    return (this.changed ??= merge(
      this.toolItems.changes$.pipe(map(() => 'tools' as const)),
      this.promptItems.changes$.pipe(map(() => 'prompts' as const)),
      this.resourceItems.changes$.pipe(map(() => 'resources' as const)),
      this.templateItems.changes$.pipe(map(() => 'resources' as const)),
      // A skill is resources (SEP-2640 defines no list notification of its own).
      this.skillItems.changes$.pipe(map(() => 'resources' as const)),
    ));
  }

  /** Adds a compiled tool; a duplicate name throws naming both origins. */
  addTool(tool: RegisteredTool): void {
    this.toolItems.add(tool, tool.origin, (t) => t.origin);
  }

  /** Adds a compiled prompt. */
  addPrompt(prompt: RegisteredPrompt): void {
    this.promptItems.add(prompt, prompt.origin, (p) => p.origin);
  }

  /** Adds a compiled fixed resource. */
  addResource(resource: RegisteredResource): void {
    this.resourceItems.add(resource, resource.origin, (r) => r.origin);
  }

  /** Adds a compiled template and indexes it by its literal prefix. */
  addResourceTemplate(template: RegisteredResourceTemplate): void {
    this.templateItems.add(template, template.origin, (t) => t.origin);
    this.templateIndex.add(template.template, template);
  }

  /** Adds a compiled skill (its files are added as resources by the registrar). */
  addSkill(skill: RegisteredSkill): void {
    this.skillItems.add(skill, skill.origin, (s) => s.origin);
  }

  /** Removes a skill by the URI of its `SKILL.md`. */
  removeSkill(uri: string): boolean {
    return this.skillItems.remove(uri);
  }

  /** Removes a tool by name; true when it existed. */
  removeTool(name: string): boolean {
    return this.toolItems.remove(name);
  }

  /** Removes a prompt by name. */
  removePrompt(name: string): boolean {
    return this.promptItems.remove(name);
  }

  /** Removes a resource by URI. */
  removeResource(uri: string): boolean {
    return this.resourceItems.remove(uri);
  }

  /** Removes a template by its URI template string. */
  removeResourceTemplate(uriTemplate: string): boolean {
    this.templateIndex.remove(uriTemplate);
    return this.templateItems.remove(uriTemplate);
  }

  /** {@inheritDoc PrimitiveLookup.matchResourceTemplate} */
  matchResourceTemplate(uri: string) {
    return this.templateIndex.match(uri);
  }
}
