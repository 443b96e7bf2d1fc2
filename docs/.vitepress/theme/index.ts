import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import MermaidDiagram from './MermaidDiagram.vue';
import './custom.css';

/** VitePress's default theme, plus the Mermaid diagram component and a few layout fixes. */
export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('MermaidDiagram', MermaidDiagram);
  },
} satisfies Theme;
