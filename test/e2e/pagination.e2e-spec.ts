import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import {
  TEST_PROMPT_COUNT,
  TEST_RESOURCE_COUNT,
  TEST_TEMPLATE_COUNT,
  TEST_TOOL_COUNT,
} from './support/test-tools.js';

const PAGE_SIZE = 2;

interface Page {
  items: string[];
  nextCursor?: string;
}

describe('pagination (pageSize 2)', () => {
  let server: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    server = await startApp({ pageSize: PAGE_SIZE });
    peer = await connectClient(server.url);
  });

  afterAll(async () => {
    await peer?.close();
    await server.close();
  });

  /** Follows `nextCursor` until it is absent; returns every page. */
  async function walk(fetchPage: (cursor?: string) => Promise<Page>): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | undefined;
    do {
      const page = await fetchPage(cursor);
      pages.push(page);
      cursor = page.nextCursor;
      if (pages.length > 50) throw new Error('pagination does not terminate');
    } while (cursor !== undefined);
    return pages;
  }

  const lists = {
    tools: {
      count: TEST_TOOL_COUNT,
      page: async (cursor?: string) => {
        const r = await peer.client.listTools(cursor === undefined ? {} : { cursor });
        return { items: r.tools.map((t) => t.name), nextCursor: r.nextCursor };
      },
    },
    prompts: {
      count: TEST_PROMPT_COUNT,
      page: async (cursor?: string) => {
        const r = await peer.client.listPrompts(cursor === undefined ? {} : { cursor });
        return { items: r.prompts.map((p) => p.name), nextCursor: r.nextCursor };
      },
    },
    resources: {
      count: TEST_RESOURCE_COUNT,
      page: async (cursor?: string) => {
        const r = await peer.client.listResources(cursor === undefined ? {} : { cursor });
        return { items: r.resources.map((x) => x.uri), nextCursor: r.nextCursor };
      },
    },
    'resource templates': {
      count: TEST_TEMPLATE_COUNT,
      page: async (cursor?: string) => {
        const r = await peer.client.listResourceTemplates(cursor === undefined ? {} : { cursor });
        return { items: r.resourceTemplates.map((x) => x.uriTemplate), nextCursor: r.nextCursor };
      },
    },
  } as const;

  describe.each(Object.keys(lists) as Array<keyof typeof lists>)('%s', (kind) => {
    const list = lists[kind];

    it('walks every page: each item exactly once, pages of at most pageSize', async () => {
      const pages = await walk(list.page);
      const items = pages.flatMap((p) => p.items);
      expect(pages).toHaveLength(Math.ceil(list.count / PAGE_SIZE));
      for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
      for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(PAGE_SIZE);
      expect(items).toHaveLength(list.count);
      expect(new Set(items).size).toBe(list.count);
      expect(pages.at(-1)!.nextCursor).toBeUndefined();
    });

    it('returns the same page again for the same cursor (stable cursors)', async () => {
      const first = await list.page();
      expect(first.nextCursor).toEqual(expect.any(String));
      const a = await list.page(first.nextCursor);
      const b = await list.page(first.nextCursor);
      expect(b).toEqual(a);
      expect(a.items).not.toEqual(first.items);
    });

    it.each(['not-a-cursor', '%%%'])(
      'answers the invalid cursor %j with -32602',
      async (cursor) => {
        const call = list.page(cursor);
        await expect(call).rejects.toBeInstanceOf(McpError);
        await expect(call).rejects.toMatchObject({ code: -32602 });
      },
    );
  });
});
