let queue: Promise<unknown> = Promise.resolve();
let drawn = 0;

/**
 * Draws one diagram to SVG text, after every drawing asked before it has finished, under an id
 * no other drawing uses. Mermaid is loaded on the first call (never on the server).
 */
export function drawMermaid(source: string, dark: boolean): Promise<string> {
  const id = `mermaid-diagram-${++drawn}`;
  const next = queue.then(async () => {
    const { default: mermaid } = await import('mermaid');
    mermaid.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default' });
    return (await mermaid.render(id, source)).svg;
  });
  queue = next.catch(() => undefined);
  return next;
}
