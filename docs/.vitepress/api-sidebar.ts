/** One entry of the API reference's sidebar, as typedoc-vitepress-theme writes it. */
export interface SidebarEntry {
  text: string;
  link?: string;
  collapsed?: boolean;
  items?: SidebarEntry[];
}

/**
 * The reference's sidebar with long names made breakable between their words: a `<wbr>` before
 * each capital that follows a small letter (`createStreamable<wbr>Http<wbr>Transport…`), so a name
 * wider than the sidebar wraps at a word, not mid-word or past the edge.
 */
export function breakableNames(entries: SidebarEntry[]): SidebarEntry[] {
  return entries.map((entry) => ({
    ...entry,
    text: entry.text.replace(/([a-z0-9])(?=[A-Z])/g, '$1<wbr>'),
    ...(entry.items && { items: breakableNames(entry.items) }),
  }));
}

/** Every link of these sidebar entries, their groups walked into. */
export function sidebarLinks(entries: SidebarEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.link ? [entry.link] : []),
    ...sidebarLinks(entry.items ?? []),
  ]);
}

/** The first page a sidebar entry or its items link to. */
function firstLink(entry: SidebarEntry): string | undefined {
  return entry.link ?? entry.items?.map(firstLink).find((link) => link !== undefined);
}

/**
 * The folder under /api/ that holds every page of one kind (`/api/classes/`): the first two
 * segments of its links, the same for each of them, else the build stops (typedoc's layout changed).
 */
function folderOf(kind: SidebarEntry): string {
  const folder = firstLink(kind)?.match(/^\/api\/[^/]+\//)?.[0];
  const stray = sidebarLinks([kind]).find((link) => !folder || !link.startsWith(folder));
  if (!folder || stray) throw new Error(`API sidebar: "${kind.text}" has no folder of its own`);
  return folder;
}

/** The same entries with every group open (the reader came for this kind's list). */
function opened(entries: SidebarEntry[]): SidebarEntry[] {
  return entries.map((entry) =>
    entry.items ? { ...entry, collapsed: false, items: opened(entry.items) } : entry,
  );
}

/**
 * The sidebars of the API reference, keyed by path prefix (VitePress takes the deepest key a page's
 * path starts with). A page of one kind (`/api/classes/…`) gets a short head — the guide, the API
 * index, the other kinds as links to their lists on that index — and its own kind's full list,
 * open; the index (`/api/`) gets the head with every kind. Each page carries one kind's list, not
 * all of them: the whole reference in every page's sidebar was most of the site's size and of its
 * build time.
 */
export function apiSidebars(entries: SidebarEntry[]): Record<string, SidebarEntry[]> {
  const kinds = breakableNames(entries);
  // `## Type Aliases` on the index is `#type-aliases`, as VitePress names headings.
  const listOn = (kind: SidebarEntry) => ({
    text: kind.text,
    link: `/api/#${kind.text.toLowerCase().replace(/\s+/g, '-')}`,
  });
  const head = (others: SidebarEntry[]) => [
    { text: 'Guide', link: '/guide/getting-started' },
    { text: 'API reference', items: [{ text: 'Index', link: '/api/' }, ...others.map(listOn)] },
  ];
  return Object.fromEntries([
    ['/api/', head(kinds)],
    ...kinds.map((kind) => [
      folderOf(kind),
      [...head(kinds.filter((other) => other !== kind)), ...opened([kind])],
    ]),
  ]);
}
