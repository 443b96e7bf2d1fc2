// The lists and the selection: the five lists fetched (every page of each), the tab shown in the
// side list, and the panel of the item picked.
import { $, h } from './dom.js';
import { state, type Json, type Kind } from './page-state.js';
import { promptPanel } from './prompt-panel.js';
import { resourcePanel, templatePanel } from './resource-panels.js';
import { skillName, skillPanel } from './skill-panel.js';
import { toolPanel } from './tool-panel.js';
import { viewOf } from './tool-view.js';

/** The Skills extension's id in the server's `capabilities.extensions` (SEP-2640). */
const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The tab's label of a list. */
export function label(kind: Kind): string {
  return {
    tools: 'Tools',
    prompts: 'Prompts',
    resources: 'Resources',
    resourceTemplates: 'Templates',
    skills: 'Skills',
  }[kind];
}

/**
 * Fetches every page of the lists the server offers (by its capabilities, the skills by the
 * Skills extension) into the state.
 */
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
  const extensions = caps.extensions as Json | undefined;
  state.lists.skills = extensions?.[SKILLS_EXTENSION] ? await all('skills/list', 'skills') : [];
}

/** Shows the list of `kind` in `#list` (its tab marked active): each item a button selecting it. */
export function showList(kind: Kind): void {
  state.kind = kind;
  for (const tab of document.querySelectorAll<HTMLElement>('[data-tab]'))
    tab.classList.toggle('active', tab.dataset.tab === kind);
  const list = $('#list');
  list.replaceChildren(
    ...state.lists[kind].map((item) => {
      // Tools and prompts by name, resources and skills by URI, templates by URI template.
      const key = String(
        kind === 'resources' || kind === 'skills'
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
          kind === 'skills' ? skillName(item) : String(item.title ?? item.name ?? key),
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
  const skill = kind === 'skills' ? (item.frontmatter as Json | undefined) : undefined;
  const title = skill
    ? skillName(item)
    : String(item.title ?? item.name ?? item.uri ?? item.uriTemplate);
  const description = skill ? skill.description : item.description;
  detail.replaceChildren(
    h('h2', {}, title),
    description ? h('p', { class: 'description' }, String(description)) : '',
  );
  if (kind === 'tools') toolPanel(detail, item);
  else if (kind === 'prompts') promptPanel(detail, item);
  else if (kind === 'resources') resourcePanel(detail, String(item.uri));
  else if (kind === 'skills') skillPanel(detail, item);
  else templatePanel(detail, String(item.uriTemplate));
}
