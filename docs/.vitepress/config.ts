import { defineConfig } from 'vitepress';
import { guide } from './sidebar.js';
import { mermaidFence } from './mermaid-fence.js';
import { searchText } from './search-text.js';
import { apiSidebars } from './api-sidebar.js';
import apiSidebar from '../api/typedoc-sidebar.json' with { type: 'json' };

const guideSidebar = guide.map((section) => ({
  text: section.text,
  items: section.items.map((page) => ({ text: page.text, link: `/${page.link}` })),
}));

/** The guide's sidebar everywhere but under /api/, which gets the reference's own, one per kind. */
const sidebar = { ...apiSidebars(apiSidebar), '/': guideSidebar };

/** The docs site: `npm run docs:build` writes docs-site/, `npm run docs:dev` serves it. */
export default defineConfig({
  title: 'nestjs-mcp',
  description: 'The Model Context Protocol for NestJS: server and client',
  outDir: '../docs-site',
  cleanUrls: false,
  // The pages' metadata (the hash map of every page, the site data with both sidebars) in one
  // cacheable script chunk instead of inlined in each of the ~720 pages: about 110 kB less HTML per
  // page for readers, and for the build that writes them and the browser that parses them.
  metaChunk: true,
  srcExclude: ['design/**', 'README.md'],
  ignoreDeadLinks: false,
  markdown: { config: mermaidFence },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'API', link: '/api/' },
    ],
    sidebar,
    search: { provider: 'local', options: { _render: searchText } },
    outline: [2, 3],
  },
});
