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
