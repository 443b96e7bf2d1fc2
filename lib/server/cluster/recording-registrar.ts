import { ComponentRegistrar, type ComponentKind } from '../registry/component-registrar.js';
import type { PrimitiveRegistry } from '../registry/primitive-registry.js';
import type { PrimitiveListKind } from '../registry/registry-view.interface.js';

/** One component a registration added: its kind and its key (name, URI or URI template). */
export interface AddedComponent {
  readonly kind: ComponentKind;
  readonly key: string;
}

const LIST: Record<ComponentKind, PrimitiveListKind> = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resources',
  skill: 'resources',
};

/**
 * The registrar a cluster component factory receives: it registers into the server's registry and
 * remembers what it added, so the registration can be removed as a whole ({@link undo}).
 */
export class RecordingRegistrar extends ComponentRegistrar {
  readonly added: AddedComponent[] = [];

  constructor(protected readonly registry: PrimitiveRegistry) {
    super();
  }

  protected override admit(kind: ComponentKind, key: string): void {
    // A key already taken is not ours: the registry refuses it next, and undo must not remove it.
    if (!this.view(kind).get(key)) this.added.push({ kind, key });
  }

  private view(kind: ComponentKind): { get(key: string): unknown } {
    if (kind === 'tool') return this.registry.tools;
    if (kind === 'prompt') return this.registry.prompts;
    if (kind === 'skill') return this.registry.skills;
    return kind === 'resource' ? this.registry.resources : this.registry.resourceTemplates;
  }

  /** The lists this registration changes. */
  lists(): Set<PrimitiveListKind> {
    return new Set(this.added.map((item) => LIST[item.kind]));
  }

  /** Removes everything it added . */
  undo(): void {
    for (const { kind, key } of this.added.splice(0).reverse()) {
      if (kind === 'tool') this.registry.removeTool(key);
      else if (kind === 'prompt') this.registry.removePrompt(key);
      else if (kind === 'resource') this.registry.removeResource(key);
      else if (kind === 'skill') this.registry.removeSkill(key);
      else this.registry.removeResourceTemplate(key);
    }
  }
}
