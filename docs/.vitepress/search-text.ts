import type MarkdownIt from 'markdown-it';

/** What VitePress hands the local search's `_render` hook about a page. */
interface PageEnv {
  relativePath: string;
  frontmatter?: Record<string, unknown>;
}

/**
 * What the local search indexes of a page: a guide page whole; an API reference page only down to
 * its first section (its name, kind and summary). The hundreds of reference pages indexed whole
 * made a search index of megabytes, and the box found nothing until it had loaded; every API
 * name is still found, and its members are one click away on its page.
 */
export function searchText(source: string, env: PageEnv, md: MarkdownIt): string {
  const html = md.render(source, env);
  if (env.frontmatter?.search === false) return '';
  if (!env.relativePath.startsWith('api/')) return html;
  const firstSection = html.search(/<h2[\s>]/);
  return firstSection === -1 ? html : html.slice(0, firstSection);
}
