// The skill panel (Skills extension, SEP-2640): the entry fetched again with `skills/get`, its
// front matter, its `SKILL.md` read and shown, and its files, each read on a click; every file
// read is checked against the SHA-256 digest of the manifest.
import { h } from './dom.js';
import { state, type Json } from './page-state.js';
import { errorText, output } from './result-output.js';

/** One file of a skill's manifest. */
interface SkillFile {
  uri: string;
  digest: string;
  size: number;
}

/** The name a skill is listed under: its front matter's `name`. */
export function skillName(skill: Json): string {
  return String((skill.frontmatter as Json | undefined)?.name ?? skill.uri);
}

/** Fills `detail` with the panel of the skill listed as `listed`. */
export function skillPanel(detail: HTMLElement, listed: Json): void {
  const uri = String(listed.uri);
  const frontmatter = h('pre', { id: 'skill-frontmatter', class: 'result' });
  const markdown = h('pre', { id: 'skill-md', class: 'result' }, 'Reading…');
  const files = h('ul', { id: 'skill-files', class: 'files' });
  const result = output();
  detail.append(
    h('p', {}, h('code', {}, uri)),
    h('h3', {}, 'Front matter'),
    frontmatter,
    h('h3', {}, 'SKILL.md'),
    markdown,
    h('h3', {}, 'Files'),
    files,
    result.box,
  );
  void (async () => {
    let skill: Json;
    try {
      skill = (await state.client!.request('skills/get', { uri })).skill as Json;
    } catch (error) {
      markdown.textContent = errorText(error);
      markdown.classList.add('error');
      return;
    }
    frontmatter.textContent = JSON.stringify(skill.frontmatter, null, 2);
    const manifest = skill.resources === 'dynamic' ? 'dynamic' : (skill.resources as SkillFile[]);
    const own = manifest === 'dynamic' ? undefined : manifest.find((f) => f.uri === uri);
    const mark = await readInto(uri, own, (text, error) => {
      markdown.textContent = text;
      markdown.classList.toggle('error', error);
    });
    markdown.dataset.digest = mark;
    if (manifest === 'dynamic') {
      files.replaceChildren(h('li', { class: 'hint' }, 'Generated per read ("dynamic").'));
      return;
    }
    files.replaceChildren(...manifest.map((file) => fileRow(uri, file, result)));
  })();
}

/** A file of the manifest: its path, size and a button reading it into the result box. */
function fileRow(skillUri: string, file: SkillFile, result: ReturnType<typeof output>) {
  const root = skillUri.slice(0, -'SKILL.md'.length);
  const path = file.uri.startsWith(root) ? file.uri.slice(root.length) : file.uri;
  const digest = h('span', { class: 'badge' }, file.digest.slice(0, 15) + '…');
  const button = h(
    'button',
    {
      type: 'button',
      'data-file': file.uri,
      onclick: async () => {
        const mark = await readInto(file.uri, file, (text, error) => result.show(text, error));
        button.dataset.digest = mark;
        digest.textContent = mark === 'ok' ? 'digest ok' : 'digest MISMATCH';
        digest.classList.toggle('error', mark !== 'ok');
      },
    },
    path,
  );
  return h('li', {}, button, ` ${file.size} bytes `, digest);
}

/**
 * Reads the resource at `uri` and hands its text (or the error) to `show`; answers `ok` when its
 * bytes match `file`'s digest and size, `mismatch` when not, `unchecked` without a manifest entry
 * and `error` when the read failed.
 */
async function readInto(
  uri: string,
  file: SkillFile | undefined,
  show: (text: string, error: boolean) => void,
): Promise<string> {
  let content: Json | undefined;
  try {
    const read = await state.client!.request('resources/read', { uri });
    content = (read.contents as Json[] | undefined)?.[0];
  } catch (error) {
    show(errorText(error), true);
    return 'error';
  }
  const blob = typeof content?.blob === 'string' ? content.blob : undefined;
  const text = blob === undefined ? String(content?.text ?? '') : undefined;
  show(text ?? `(${String(content?.mimeType ?? 'binary')}, base64)\n${blob}`, false);
  // No manifest entry, or no Web Crypto (a page outside a secure context): nothing to check with.
  if (!file || !globalThis.crypto?.subtle) return 'unchecked';
  const bytes =
    blob === undefined
      ? new TextEncoder().encode(text)
      : Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return bytes.length === file.size && (await sha256(bytes)) === file.digest ? 'ok' : 'mismatch';
}

/** `sha256:<hex>` of `bytes`. */
async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return 'sha256:' + Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}
