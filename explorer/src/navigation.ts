// The lists and the selection: the four lists fetched (every page of each), the tab shown in the
// side list, and the panel of the item picked.
import { $, h } from './dom.js';
import { state, type Json, type Kind } from './page-state.js';
import { promptPanel } from './prompt-panel.js';
import { resourcePanel, templatePanel } from './resource-panels.js';
import { toolPanel } from './tool-panel.js';
import { viewOf } from './tool-view.js';

/** The tab's label of a list. */
export function label(kind: Kind): string {
  return {
    tools: 'Tools',
    prompts: 'Prompts',
    resources: 'Resources',
    resourceTemplates: 'Templates',
  }[kind];
}

/** Fetches every page of the lists the server offers (by its capabilities) into the state. */
export async function refreshLists(): Promise<void> {
  const client = state.client!;
  const caps = client.serverCapabilities;
  const all = async (method: string, key: string) => {
    const items: Json[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request(method, cursor ? { cursor } : {});
      items.push(...((page[key] as Json[]) ?? []));
      cursor = page.nextCursor as string | undefined;
    } while (cursor);
    return items;
  };
  state.lists.tools = caps.tools ? await all('tools/list', 'tools') : [];
  state.lists.prompts = caps.prompts ? await all('prompts/list', 'prompts') : [];
  state.lists.resources = caps.resources ? await all('resources/list', 'resources') : [];
  state.lists.resourceTemplates = caps.resources
    ? await all('resources/templates/list', 'resourceTemplates')
    : [];
}

/** Shows the list of `kind` in `#list` (its tab marked active): each item a button selecting it. */
export function showList(kind: Kind): void {
  state.kind = kind;
  for (const tab of document.querySelectorAll<HTMLElement>('[data-tab]'))
    tab.classList.toggle('active', tab.dataset.tab === kind);
  const list = $('#list');
  list.replaceChildren(
    ...state.lists[kind].map((item) => {
      // Tools and prompts by name, resources by URI, templates by URI template.
      const key = String(
        kind === 'resources'
          ? item.uri
          : kind === 'resourceTemplates'
            ? item.uriTemplate
            : item.name,
      );
      const hasView = kind === 'tools' && viewOf(item) !== undefined;
      return h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            'data-kind': kind,
            'data-name': key,
            onclick: () => void select(kind, item),
          },
          String(item.title ?? item.name ?? key),
          hasView ? h('span', { class: 'badge' }, 'app') : undefined,
        ),
      );
    }),
  );
  if (state.lists[kind].length === 0) list.append(h('li', { class: 'hint' }, 'None.'));
}

/** Shows the panel of `item` in `#detail`, tearing down the view of the one shown before. */
async function select(kind: Kind, item: Json): Promise<void> {
  await state.view?.teardown('another item');
  state.view = undefined;
  const detail = $('#detail');
  const title = String(item.title ?? item.name ?? item.uri ?? item.uriTemplate);
  detail.replaceChildren(
    h('h2', {}, title),
    item.description ? h('p', { class: 'description' }, String(item.description)) : '',
  );
  if (kind === 'tools') toolPanel(detail, item);
  else if (kind === 'prompts') promptPanel(detail, item);
  else if (kind === 'resources') resourcePanel(detail, String(item.uri));
  else templatePanel(detail, String(item.uriTemplate));
}
