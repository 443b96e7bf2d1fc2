// DOM helpers of the page: finding one of its elements and building elements.

/** The page's element matching `selector` (the shell's own ids: taken to be there). */
export function $<T extends HTMLElement = HTMLElement>(selector: string): T {
  return document.querySelector(selector) as T;
}

/**
 * Builds an element: `data-*`, `id`, `class`, `for` and `type` set as attributes, other props as
 * properties (handlers, `value`, `hidden`…), then its children (undefined ones left out).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: Array<Node | string | undefined>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (
      key.startsWith('data-') ||
      key === 'id' ||
      key === 'class' ||
      key === 'for' ||
      key === 'type'
    )
      node.setAttribute(key, String(value));
    else (node as unknown as Record<string, unknown>)[key] = value;
  }
  node.append(...children.filter((c): c is Node | string => c !== undefined));
  return node;
}
