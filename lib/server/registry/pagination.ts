import { McpError } from '../../errors/mcp.error.js';

/** Pages of frozen (cached) lists, by list and start: the same page object for every request. */
const frozenPages = new WeakMap<readonly unknown[], Map<string, readonly unknown[]>>();

/**
 * Cursor pagination over an ordered list. Cursors are opaque to clients (base64url of an offset);
 * an undecodable cursor is `-32602`. A page of a frozen list is cached and frozen too (so its
 * JSON is encoded once); the page of any other list is a fresh slice.
 */
export function paginate<D>(
  items: readonly D[],
  cursor: unknown,
  pageSize: number,
): { page: readonly D[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor);
  if (start === 0 && items.length <= pageSize) return { page: items };
  const end = start + pageSize;
  const page = Object.isFrozen(items) ? frozenPage(items, start, end) : items.slice(start, end);
  return end < items.length ? { page, nextCursor: encodeCursor(end) } : { page };
}

function frozenPage<D>(items: readonly D[], start: number, end: number): readonly D[] {
  let pages = frozenPages.get(items);
  if (!pages) frozenPages.set(items, (pages = new Map()));
  const key = `${start}:${end}`;
  let page = pages.get(key) as readonly D[] | undefined;
  if (!page) pages.set(key, (page = Object.freeze(items.slice(start, end))));
  return page;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: unknown): number {
  if (typeof cursor === 'string') {
    const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
    if (match) return Number(match[1]);
  }
  throw McpError.invalidParams(`Invalid cursor: ${JSON.stringify(cursor)}`);
}
