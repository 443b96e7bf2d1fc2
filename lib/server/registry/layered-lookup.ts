import { merge, type Observable } from 'rxjs';
import type { McpContext } from '../context/mcp-context.js';
import type {
  PrimitiveListKind,
  PrimitiveLookup,
  RegistryView,
} from './registry-view.interface.js';
import type { RegisteredResourceTemplate } from './registered-resource.js';
import type { UriTemplateIndexMatch } from '../uri-template/uri-template-index.js';

/**
 * One registry seen through a session: its own items first, then the global ones it does not
 * shadow. Registration refuses a clash, so a shadow only exists when a global item was added
 * later under a name the session already owns; then the session's own wins, for that session.
 * A class (methods on the prototype), so a session with components carries a few fields only.
 */
class LayeredView<T extends { key: string }, D> implements RegistryView<T, D> {
  constructor(
    private readonly own: RegistryView<T, D>,
    private readonly global: RegistryView<T, D>,
    private readonly keyOf: (descriptor: D) => string,
  ) {}

  get size(): number {
    return this.own.size + this.global.size;
  }

  get(key: string): T | undefined {
    return this.own.get(key) ?? this.global.get(key);
  }

  *values(): IterableIterator<T> {
    for (const item of this.global.values()) if (this.own.get(item.key) === undefined) yield item;
    yield* this.own.values();
  }

  list(): readonly D[] {
    const globals = this.global.list();
    return this.own.size === 0 ? globals : [...this.unshadowed(globals), ...this.own.list()];
  }

  async listFor(ctx: McpContext): Promise<readonly D[]> {
    const [globals, owned] = await Promise.all([this.global.listFor(ctx), this.own.listFor(ctx)]);
    return this.own.size === 0 ? globals : [...this.unshadowed(globals), ...owned];
  }

  private unshadowed(descriptors: readonly D[]): D[] {
    return descriptors.filter((d) => this.own.get(this.keyOf(d)) === undefined);
  }
}

const byName = (d: { name: string }) => d.name;
const byUri = (d: { uri: string }) => d.uri;
const byTemplate = (d: { uriTemplate: string }) => d.uriTemplate;

/**
 * The registries one 2025 session sees: the server's plus the session's own (per-session
 * components). Built once per session that registers something; handlers read it in place of
 * the server's lookup, so `tools/list`, `tools/call`, `prompts/get`, `resources/read` and
 * completion all include the session's own items.
 */
class LayeredLookup implements PrimitiveLookup {
  readonly tools: PrimitiveLookup['tools'];
  readonly prompts: PrimitiveLookup['prompts'];
  readonly resources: PrimitiveLookup['resources'];
  readonly resourceTemplates: PrimitiveLookup['resourceTemplates'];
  readonly skills: PrimitiveLookup['skills'];

  constructor(
    private readonly own: PrimitiveLookup,
    private readonly global: PrimitiveLookup,
  ) {
    this.tools = new LayeredView(own.tools, global.tools, byName);
    this.prompts = new LayeredView(own.prompts, global.prompts, byName);
    this.resources = new LayeredView(own.resources, global.resources, byUri);
    this.resourceTemplates = new LayeredView(
      own.resourceTemplates,
      global.resourceTemplates,
      byTemplate,
    );
    this.skills = new LayeredView(own.skills, global.skills, byUri);
  }

  get changes$(): Observable<PrimitiveListKind> {
    return merge(this.own.changes$, this.global.changes$);
  }

  matchResourceTemplate(
    uri: string,
  ): UriTemplateIndexMatch<RegisteredResourceTemplate> | undefined {
    return this.own.matchResourceTemplate(uri) ?? this.global.matchResourceTemplate(uri);
  }
}

/** {@link LayeredLookup}: the session's own registries over the server's. */
export function layeredLookup(own: PrimitiveLookup, global: PrimitiveLookup): PrimitiveLookup {
  return new LayeredLookup(own, global);
}
