import { defineConfig } from 'vitepress';
import { withMermaid } from 'vitepress-plugin-mermaid';
import { guide } from './sidebar.js';
import apiSidebar from '../api/typedoc-sidebar.json' with { type: 'json' };

const sidebar = [
  ...guide.map((section) => ({
    text: section.text,
    items: section.items.map((page) => ({ text: page.text, link: `/${page.link}` })),
  })),
  { text: 'API', collapsed: true, items: apiSidebar },
];

/** The docs site: `npm run docs:build` writes docs-site/, `npm run docs:dev` serves it. */
export default withMermaid(
  defineConfig({
    title: 'nestjs-mcp',
    description: 'The Model Context Protocol for NestJS: server and client',
    outDir: '../docs-site',
    cleanUrls: false,
    srcExclude: ['design/**', 'README.md'],
    ignoreDeadLinks: false,
    themeConfig: {
      nav: [
        { text: 'Guide', link: '/guide/getting-started' },
        { text: 'API', link: '/api/' },
      ],
      sidebar,
      search: { provider: 'local' },
      outline: [2, 3],
    },
    mermaid: {},
  }),
);
