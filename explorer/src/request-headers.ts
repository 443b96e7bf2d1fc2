// Request headers the user adds to every call of the page (an API key, a tenant id): name/value
// rows edited under "Headers" in the page's header, kept in this tab's sessionStorage (gone when
// the tab closes, never in localStorage), sent on every request the page's client makes.
import { h } from './dom.js';

const STORAGE_KEY = 'nestjs-mcp-explorer:headers';
/** An HTTP header name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the page's client sets itself: a row naming one is refused, not sent. */
const RESERVED = /^(content-type|accept|content-length|host|mcp-[a-z-]*|last-event-id)$/i;

type Row = [name: string, value: string];

function load(): Row[] {
  try {
    const rows = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(rows)
      ? rows.filter(
          (r): r is Row => Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

let rows: Row[] = load();

/** Why a row's name cannot be sent, or undefined when it can (an empty row is ignored). */
export function headerNameProblem(name: string): string | undefined {
  if (name === '') return undefined;
  if (!TOKEN.test(name)) return 'not a header name';
  if (RESERVED.test(name)) return 'set by the page itself';
  return undefined;
}

/** The headers to send: every row with a valid, non-reserved name. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of rows) {
    if (name !== '' && headerNameProblem(name) === undefined) headers[name.toLowerCase()] = value;
  }
  return headers;
}

function save(): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(rows));
}

/** The "Headers" editor: a summary with the count, a row per header, and "Add header". */
export function renderHeadersEditor(): HTMLElement {
  const list = h('div', { id: 'header-rows' });
  const summary = h('summary', {});
  const refresh = () => {
    const count = Object.keys(requestHeaders()).length;
    summary.textContent = count === 0 ? 'Headers' : `Headers (${count})`;
    list.replaceChildren(...rows.map((row, index) => rowEditor(row, index)));
  };
  const rowEditor = (row: Row, index: number) => {
    const problem = h('span', { class: 'error' }, headerNameProblem(row[0]) ?? '');
    const name = h('input', {
      class: 'header-name',
      placeholder: 'name',
      value: row[0],
      oninput: () => {
        row[0] = name.value.trim();
        problem.textContent = headerNameProblem(row[0]) ?? '';
        save();
        summary.textContent = `Headers (${Object.keys(requestHeaders()).length})`;
      },
    });
    const value = h('input', {
      class: 'header-value',
      placeholder: 'value',
      value: row[1],
      oninput: () => {
        row[1] = value.value;
        save();
      },
    });
    const remove = h(
      'button',
      {
        type: 'button',
        class: 'header-remove',
        title: 'remove',
        onclick: () => {
          rows.splice(index, 1);
          save();
          refresh();
        },
      },
      '×',
    );
    return h('div', { class: 'header-row' }, name, value, remove, problem);
  };
  const add = h(
    'button',
    {
      type: 'button',
      id: 'add-header',
      onclick: () => {
        rows = [...rows, ['', '']];
        save();
        refresh();
      },
    },
    'Add header',
  );
  refresh();
  return h(
    'details',
    { id: 'headers' },
    summary,
    list,
    add,
    h('p', { class: 'hint' }, 'Sent with every request of this tab; kept until the tab closes.'),
  );
}
