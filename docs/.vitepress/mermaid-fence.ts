import type MarkdownIt from 'markdown-it';

/**
 * Turns each ```mermaid fence into a `<MermaidDiagram>` (theme/MermaidDiagram.vue), which draws it
 * in the browser; every other fence keeps VitePress's own rendering.
 */
export function mermaidFence(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (token.info.trim() !== 'mermaid') return fence(tokens, index, options, env, self);
    return `<MermaidDiagram source="${encodeURIComponent(token.content)}" />`;
  };
}
