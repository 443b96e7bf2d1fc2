import { McpError } from '../../errors/mcp.error.js';

/**
 * Cursor pagination over an ordered list. Cursors are opaque to clients (base64url of an offset);
 * an undecodable cursor is `-32602`.
 */
export function paginate<D>(
  items: readonly D[],
  cursor: unknown,
  pageSize: number,
): { page: readonly D[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : decodeCursor(cursor);
  if (start === 0 && items.length <= pageSize) return { page: items };
  const end = start + pageSize;
  const page = items.slice(start, end);
  return end < items.length ? { page, nextCursor: encodeCursor(end) } : { page };
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
