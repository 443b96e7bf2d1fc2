import { merge, type Observable } from 'rxjs';
import type { McpContext } from '../context/mcp-context.js';
import type { PrimitiveLookup, RegistryView } from './registry-view.interface.js';

/**
 * One registry seen through a session: its own items first, then the global ones it does not
 * shadow. Registration refuses a clash, so a shadow only exists when a global item was added
 * later under a name the session already owns; then the session's own wins, for that session.
 */
function layered<T extends { key: string }, D>(
  own: RegistryView<T, D>,
  global: RegistryView<T, D>,
  keyOf: (descriptor: D) => string,
): RegistryView<T, D> {
  const visible = (descriptors: readonly D[]) =>
    descriptors.filter((d) => own.get(keyOf(d)) === undefined);
  return Object.freeze({
    get size() {
      return own.size + global.size;
    },
    get: (key: string) => own.get(key) ?? global.get(key),
    *values() {
      for (const item of global.values()) if (own.get(item.key) === undefined) yield item;
      yield* own.values();
    },
    list: () => (own.size === 0 ? global.list() : [...visible(global.list()), ...own.list()]),
    listFor: async (ctx: McpContext) => {
      const [globals, owned] = await Promise.all([global.listFor(ctx), own.listFor(ctx)]);
      return own.size === 0 ? globals : [...visible(globals), ...owned];
    },
  });
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
export function layeredLookup(own: PrimitiveLookup, global: PrimitiveLookup): PrimitiveLookup {
  return Object.freeze({
    tools: layered(own.tools, global.tools, byName),
    prompts: layered(own.prompts, global.prompts, byName),
    resources: layered(own.resources, global.resources, byUri),
    resourceTemplates: layered(own.resourceTemplates, global.resourceTemplates, byTemplate),
    changes$: merge(own.changes$, global.changes$) as Observable<'tools' | 'prompts' | 'resources'>,
    matchResourceTemplate: (uri: string) =>
      own.matchResourceTemplate(uri) ?? global.matchResourceTemplate(uri),
  });
}
