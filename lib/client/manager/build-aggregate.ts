import {
  McpNameCollisionError,
  type McpAggregateKind,
} from '../../errors/mcp-name-collision.error.js';
import type { McpAggregate, McpAggregated, ServerLists } from './aggregate.interface.js';
import type {
  McpCollisionPolicy,
  McpNamespaceOptions,
} from './mcp-client-manager-options.interface.js';

/** Namespace options with the defaults applied. */
export interface ResolvedNamespace {
  readonly policy: McpCollisionPolicy;
  readonly format: (server: string, name: string) => string;
}

/** Applies the defaults: prefix always, `server__name`. */
export function resolveNamespace(options: McpNamespaceOptions = {}): ResolvedNamespace {
  const separator = options.separator ?? '__';
  return {
    policy: options.collisions ?? 'prefix-always',
    format: options.format ?? ((server, name) => `${server}${separator}${name}`),
  };
}

/** What combining the servers' lists gave: the aggregate and the collisions met on the way. */
export interface AggregateBuild {
  readonly aggregate: McpAggregate;
  readonly collisions: readonly McpNameCollisionError[];
}

type Source<T> = ReadonlyArray<readonly [server: string, items: readonly T[]]>;

/** Combines items keyed by `keyOf`, first server wins; `exposed` gives each its final key. */
function combine<T>(
  kind: McpAggregateKind,
  sources: Source<T>,
  keyOf: (item: T) => string,
  exposed: (server: string, key: string) => string,
  rename: ((item: T, name: string) => T) | undefined,
  collisions: McpNameCollisionError[],
): McpAggregated<T>[] {
  const owners = new Map<string, string>();
  const items: McpAggregated<T>[] = [];
  for (const [server, list] of sources) {
    for (const item of list) {
      const upstreamName = keyOf(item);
      const name = exposed(server, upstreamName);
      const owner = owners.get(name);
      if (owner !== undefined) {
        collisions.push(new McpNameCollisionError(kind, name, [owner, server]));
        continue;
      }
      owners.set(name, server);
      const descriptor = rename && name !== upstreamName ? rename(item, name) : item;
      items.push({ server, upstreamName, descriptor });
    }
  }
  return items;
}

/** The bare names offered by more than one server. */
function sharedNames<T>(sources: Source<T>, keyOf: (item: T) => string): Set<string> {
  const seen = new Map<string, number>();
  for (const [, list] of sources) {
    for (const name of new Set(list.map(keyOf))) seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count > 1).map(([name]) => name));
}

function namer<T>(
  namespace: ResolvedNamespace,
  sources: Source<T>,
  keyOf: (item: T) => string,
): (server: string, name: string) => string {
  switch (namespace.policy) {
    case 'prefix-always':
      return namespace.format;
    case 'error':
      return (_server, name) => name;
    case 'prefix-on-collision': {
      const shared = sharedNames(sources, keyOf);
      return (server, name) => (shared.has(name) ? namespace.format(server, name) : name);
    }
  }
}

const byName = (item: { name: string }) => item.name;
const renamed = <T extends { name: string }>(item: T, name: string): T => ({ ...item, name });
const same = (_server: string, key: string) => key;

/**
 * Combines the lists of the connected servers (in config order) into one aggregate: tool and
 * prompt names namespaced by the policy, resources and templates by URI. Every duplicate is
 * returned as an {@link McpNameCollisionError} (the first server keeps the name).
 */
export function buildAggregate(
  servers: ReadonlyArray<readonly [server: string, lists: ServerLists]>,
  namespace: ResolvedNamespace,
): AggregateBuild {
  const collisions: McpNameCollisionError[] = [];
  const of = <K extends keyof ServerLists>(key: K) =>
    servers.map(([server, lists]) => [server, lists[key]] as const);
  const tools = of('tools');
  const prompts = of('prompts');
  const aggregate: McpAggregate = {
    tools: combine('tool', tools, byName, namer(namespace, tools, byName), renamed, collisions),
    prompts: combine(
      'prompt',
      prompts,
      byName,
      namer(namespace, prompts, byName),
      renamed,
      collisions,
    ),
    resources: combine('resource', of('resources'), (r) => r.uri, same, undefined, collisions),
    resourceTemplates: combine(
      'resource template',
      of('resourceTemplates'),
      (t) => t.uriTemplate,
      same,
      undefined,
      collisions,
    ),
  };
  return { aggregate, collisions };
}
