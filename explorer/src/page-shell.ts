// The page's shell: the header (title, era select, request headers, Connect, status, who is
// signed in), the side list with its tabs,
// the detail section the panels fill, the dialog of server requests and that of a view's links.
import { renderPrincipal } from './auth/bearer-token.js';
import { h } from './dom.js';
import { label, showList } from './navigation.js';
import type { Kind } from './page-state.js';
import { renderHeadersEditor } from './request-headers.js';

/**
 * Builds the shell in `document.body` under `title`; the tabs switch the side list, Sign out
 * calls `onSignOut`.
 */
export function renderPageShell(title: string, onSignOut: () => void): void {
  document.body.append(
    h(
      'header',
      {},
      h('h1', {}, title),
      h(
        'label',
        { for: 'era' },
        'Protocol ',
        h(
          'select',
          { id: 'era' },
          h('option', { value: 'legacy' }, '2025-11-25 (sessions)'),
          h('option', { value: 'modern' }, '2026-07-28 (stateless)'),
        ),
      ),
      renderHeadersEditor(),
      h('button', { id: 'connect', type: 'button' }, 'Connect'),
      h('span', { id: 'status' }, 'not connected'),
      renderPrincipal(onSignOut),
    ),
    h(
      'main',
      {},
      h(
        'nav',
        {},
        h(
          'div',
          { class: 'tabs' },
          ...(['tools', 'prompts', 'resources', 'resourceTemplates', 'skills'] as Kind[]).map(
            (kind) =>
              h(
                'button',
                { type: 'button', 'data-tab': kind, onclick: () => showList(kind) },
                label(kind),
              ),
          ),
        ),
        h('ul', { id: 'list' }),
      ),
      h('section', { id: 'detail' }, h('p', { class: 'hint' }, 'Connect, then pick an item.')),
    ),
    h('dialog', { id: 'input-dialog' }),
    h('dialog', { id: 'link-dialog' }),
  );
}
