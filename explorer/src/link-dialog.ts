// The page's dialog (`#link-dialog`) for a view's `ui/open-link`: the URL is shown and opened only
// when the person at the page says so.
import { $, h } from './dom.js';

/** Shows `url` and opens it in a new tab on Open; resolves whether it was opened. */
export function openLinkWithConsent(url: URL): Promise<boolean> {
  const dialog = $<HTMLDialogElement>('#link-dialog');
  return new Promise((resolve) => {
    const done = (opened: boolean) => {
      dialog.onclose = null;
      dialog.close();
      resolve(opened);
    };
    const open = () => {
      // In the click itself: the browser lets a page open a tab on the user's gesture.
      window.open(url.href, '_blank', 'noopener,noreferrer');
      done(true);
    };
    dialog.replaceChildren(
      h('h3', {}, 'The app view asks to open a link'),
      h('p', {}, h('code', { id: 'link-url' }, url.href)),
      h(
        'div',
        { class: 'actions' },
        h('button', { id: 'link-open', type: 'button', class: 'primary', onclick: open }, 'Open'),
        h('button', { id: 'link-cancel', type: 'button', onclick: () => done(false) }, 'Cancel'),
      ),
    );
    dialog.onclose = () => resolve(false); // Escape
    dialog.showModal();
  });
}
