import type { ServerCapabilities, SubscriptionFilter } from '../../protocol/schema/index.js';

/**
 * The part of a `subscriptions/listen` filter this server honours, echoed in the acknowledgement:
 * a list-change kind only when its capability has `listChanged`, `resourceSubscriptions` only when
 * `resources.subscribe` is on. Keys the server does not know are dropped (never echoed), and so
 * are kinds asked as `false`.
 */
export function honourFilter(
  requested: SubscriptionFilter,
  capabilities: ServerCapabilities,
): SubscriptionFilter {
  const honoured: SubscriptionFilter = {};
  if (requested.toolsListChanged === true && capabilities.tools?.listChanged === true) {
    honoured.toolsListChanged = true;
  }
  if (requested.promptsListChanged === true && capabilities.prompts?.listChanged === true) {
    honoured.promptsListChanged = true;
  }
  if (requested.resourcesListChanged === true && capabilities.resources?.listChanged === true) {
    honoured.resourcesListChanged = true;
  }
  if (requested.resourceSubscriptions && capabilities.resources?.subscribe === true) {
    honoured.resourceSubscriptions = [...new Set(requested.resourceSubscriptions)];
  }
  return honoured;
}

/**
 * The capabilities a 2026-07-28 client sees (`server/discover`) when listen is switched off: no
 * `listChanged` and no `resources.subscribe`, since nothing could deliver them. Unchanged when
 * listen is on.
 */
export function listenCapabilities(
  capabilities: ServerCapabilities,
  listenEnabled: boolean,
): ServerCapabilities {
  if (listenEnabled) return capabilities;
  const view: Record<string, unknown> = { ...capabilities };
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    const entry: Record<string, unknown> | undefined = capabilities[kind];
    if (!entry) continue;
    const stripped = { ...entry };
    delete stripped.listChanged;
    delete stripped.subscribe;
    view[kind] = stripped;
  }
  return view as ServerCapabilities;
}
