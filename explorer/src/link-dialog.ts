// The page's dialog (`#link-dialog`) for what a view asks of the person at the page: a link to
// open (`ui/open-link`) or a file to save (`ui/download-file`), done only when they say so.
import { $, h } from './dom.js';

/**
 * Shows `title` and `detail` with a confirming button and Cancel; `act` runs in the click itself
 * (the browser lets a page open a tab or save a file on the user's gesture). Resolves whether
 * it ran.
 */
function withConsent(title: string, detail: string, label: string, act: () => void) {
  const dialog = $<HTMLDialogElement>('#link-dialog');
  return new Promise<boolean>((resolve) => {
    const done = (confirmed: boolean) => {
      dialog.onclose = null;
      dialog.close();
      resolve(confirmed);
    };
    const confirm = () => {
      act();
      done(true);
    };
    dialog.replaceChildren(
      h('h3', {}, title),
      h('p', {}, h('code', { id: 'link-url' }, detail)),
      h(
        'div',
        { class: 'actions' },
        h('button', { id: 'link-open', type: 'button', class: 'primary', onclick: confirm }, label),
        h('button', { id: 'link-cancel', type: 'button', onclick: () => done(false) }, 'Cancel'),
      ),
    );
    dialog.onclose = () => resolve(false); // Escape
    dialog.showModal();
  });
}

/** Shows `url` and opens it in a new tab on Open; resolves whether it was opened. */
export function openLinkWithConsent(url: URL): Promise<boolean> {
  return withConsent('The app view asks to open a link', url.href, 'Open', () =>
    window.open(url.href, '_blank', 'noopener,noreferrer'),
  );
}

/** Shows the file's name, type and size and saves it on Save; resolves whether it was saved. */
export function saveFileWithConsent(file: File): Promise<boolean> {
  const detail = `${file.name} (${file.type || 'no type'}, ${file.size} bytes)`;
  return withConsent('The app view asks to download a file', detail, 'Save', () => {
    const href = URL.createObjectURL(file);
    h('a', { href, download: file.name }).click();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  });
}
