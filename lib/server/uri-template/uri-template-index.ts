import { UriTemplate } from './uri-template.js';
import type { UriTemplateMatch } from './matcher.js';

/** A successful {@link UriTemplateIndex.match}. */
export interface UriTemplateIndexMatch<T> {
  /** Payload registered with the matching template. */
  value: T;
  /** Variables extracted from the URI. */
  variables: UriTemplateMatch;
}

interface Entry<T> {
  readonly template: UriTemplate;
  value: T;
}

interface TrieNode<T> {
  readonly children: Map<string, TrieNode<T>>;
  /** Templates whose literal prefix ends exactly here, in insertion order. */
  readonly entries: Entry<T>[];
}

const newNode = <T>(): TrieNode<T> => ({ children: new Map(), entries: [] });

/**
 * Many URI templates, each with a payload, looked up by URI.
 *
 * Templates are stored in a character trie keyed by their {@link UriTemplate.literalPrefix}
 * (scheme plus literal text before the first expression). A lookup walks the trie along the URI
 * and only tries templates whose literal prefix the URI starts with, most specific (longest
 * literal prefix) first, insertion order breaking ties.
 *
 * Complexity, with `P` the length of the longest stored literal prefix:
 * - `add` / `remove`: O(P) (plus O(k) for the k templates sharing the same prefix on remove);
 * - `match`: O(min(|uri|, P)) to collect candidates, plus one compiled-RegExp test per candidate
 *   until the first hit; templates with an unrelated prefix are never tested. Templates that
 *   start with an expression (empty prefix) are candidates for every URI, tried last.
 */
export class UriTemplateIndex<T> {
  private readonly root: TrieNode<T> = newNode<T>();
  private readonly byTemplate = new Map<string, Entry<T>>();

  /** Number of templates held. */
  get size(): number {
    return this.byTemplate.size;
  }

  /**
   * Registers `template` with `value`. Adding a template string that is already present replaces
   * its payload and keeps its original position in the tie-break order.
   * @throws UriTemplateSyntaxError when given a malformed template string.
   */
  add(template: UriTemplate | string, value: T): void {
    const parsed = typeof template === 'string' ? new UriTemplate(template) : template;
    const existing = this.byTemplate.get(parsed.template);
    if (existing) {
      existing.value = value;
      return;
    }
    let node = this.root;
    for (const ch of parsed.literalPrefix.split('')) {
      let child = node.children.get(ch);
      if (!child) {
        child = newNode<T>();
        node.children.set(ch, child);
      }
      node = child;
    }
    const entry: Entry<T> = { template: parsed, value };
    node.entries.push(entry);
    this.byTemplate.set(parsed.template, entry);
  }

  /** Removes the template with this exact template string; `false` when it was not present. */
  remove(template: string): boolean {
    const entry = this.byTemplate.get(template);
    if (!entry) return false;
    this.byTemplate.delete(template);
    const path: [parent: TrieNode<T>, ch: string][] = [];
    let node = this.root;
    for (const ch of entry.template.literalPrefix.split('')) {
      path.push([node, ch]);
      node = node.children.get(ch) as TrieNode<T>;
    }
    node.entries.splice(node.entries.indexOf(entry), 1);
    for (let i = path.length - 1; i >= 0; i--) {
      const [parent, ch] = path[i];
      const child = parent.children.get(ch) as TrieNode<T>;
      if (child.entries.length > 0 || child.children.size > 0) break;
      parent.children.delete(ch);
    }
    return true;
  }

  /**
   * Finds the most specific template matching `uri`.
   * @returns the payload and extracted variables, or `undefined` when no template matches.
   */
  match(uri: string): UriTemplateIndexMatch<T> | undefined {
    const buckets: Entry<T>[][] = [];
    let node: TrieNode<T> | undefined = this.root;
    for (let i = 0; node; i++) {
      if (node.entries.length > 0) buckets.push(node.entries);
      node = i < uri.length ? node.children.get(uri[i]) : undefined;
    }
    for (let b = buckets.length - 1; b >= 0; b--) {
      for (const entry of buckets[b]) {
        const variables = entry.template.match(uri);
        if (variables) return { value: entry.value, variables };
      }
    }
    return undefined;
  }
}
