import { McpError } from '../../../../lib/errors/mcp.error.js';
import { paginate } from '../../../../lib/server/registry/pagination.js';

const items = Array.from({ length: 7 }, (_, i) => `item-${i}`);

function walk(list: readonly string[], pageSize: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const { page, nextCursor } = paginate(list, cursor, pageSize);
    pages.push([...page]);
    cursor = nextCursor;
  } while (cursor !== undefined && pages.length < 100);
  return pages;
}

describe('paginate', () => {
  it('returns everything without a cursor when it fits one page', () => {
    expect(paginate(items, undefined, 100)).toEqual({ page: items });
    expect(paginate(items, undefined, 7)).toEqual({ page: items });
    expect(paginate([], undefined, 3)).toEqual({ page: [] });
  });

  it('walks every item exactly once, in order, with opaque string cursors', () => {
    const first = paginate(items, undefined, 3);
    expect(first.page).toEqual(['item-0', 'item-1', 'item-2']);
    expect(typeof first.nextCursor).toBe('string');
    expect(first.nextCursor).not.toMatch(/^\d+$/);

    expect(walk(items, 3)).toEqual([
      ['item-0', 'item-1', 'item-2'],
      ['item-3', 'item-4', 'item-5'],
      ['item-6'],
    ]);
    expect(walk(items, 1).flat()).toEqual(items);
  });

  it('omits nextCursor on the last page even when it is exactly full', () => {
    const six = items.slice(0, 6);
    const pages = walk(six, 3);
    expect(pages).toEqual([
      ['item-0', 'item-1', 'item-2'],
      ['item-3', 'item-4', 'item-5'],
    ]);
  });

  it('gives stable cursors (the same cursor yields the same page)', () => {
    const { nextCursor } = paginate(items, undefined, 2);
    expect(paginate(items, nextCursor, 2)).toEqual(paginate(items, nextCursor, 2));
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['an empty string', ''],
    ['a number', 3],
    ['null', null],
    ['an object', { offset: 3 }],
    ['a base64url of something else', Buffer.from('x:3').toString('base64url')],
    ['a negative offset', Buffer.from('o:-1').toString('base64url')],
  ])('rejects %s with McpError -32602', (_label, cursor) => {
    let caught: unknown;
    try {
      paginate(items, cursor, 3);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(McpError);
    expect((caught as McpError).code).toBe(-32602);
    expect((caught as McpError).message).toMatch(/^Invalid cursor/);
  });

  it('answers an empty last page for a cursor past the end', () => {
    const past = Buffer.from('o:50').toString('base64url');
    expect(paginate(items, past, 3)).toEqual({ page: [] });
  });
});
