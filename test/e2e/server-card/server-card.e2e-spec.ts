import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import type { McpServer, McpServerCard } from '../../../lib/index.js';
import { McpServer as McpServerToken } from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';

const WELL_KNOWN = '/.well-known/mcp/server-card';

/**
 * The Server Card (SEP-2127, draft of 2026-02-18; module extra `serverCard`): served at its
 * well-known path as public, cacheable JSON, naming endpoints that an official SDK client then
 * connects to and finds as described (capabilities, tools, versions as `server/discover` says),
 * the same card as the resource `mcp://server-card.json`, rebuilt after a runtime registration.
 */
describe('Server Card', () => {
  let app: TestApp;
  let server: McpServer;

  beforeAll(async () => {
    app = await startApp({
      name: 'io.github.example/e2e',
      title: 'E2E server',
      description: 'Tools for the Server Card spec',
      sse: true,
      serverCard: {
        repository: { url: 'https://github.com/example/e2e', source: 'github' },
        headers: [{ name: 'X-Tenant', description: 'Tenant id', isRequired: false }],
        maxAgeSeconds: 600,
      },
    });
    server = app.app.get(McpServerToken);
  });
  afterAll(async () => {
    await app?.close();
  });

  const fetchCard = (headers: Record<string, string> = {}) =>
    fetch(`${app.origin}${WELL_KNOWN}`, { headers });

  it('is public, cacheable JSON with the CORS headers the SEP requires', async () => {
    const response = await fetchCard({ origin: 'https://registry.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await fetchCard({ 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    const preflight = await fetch(`${app.origin}${WELL_KNOWN}`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('describes the server; an official SDK client finds it as described at the endpoint named', async () => {
    const card = (await (await fetchCard()).json()) as McpServerCard;
    expect(card).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'io.github.example/e2e',
      version: '1.0.0',
      title: 'E2E server',
      description: 'Tools for the Server Card spec',
      repository: { url: 'https://github.com/example/e2e', source: 'github' },
    });
    const streamable = card.remotes?.find((remote) => remote.type === 'streamable-http');
    const sse = card.remotes?.find((remote) => remote.type === 'sse');
    expect(streamable).toMatchObject({
      url: `${app.origin}/mcp`,
      headers: [{ name: 'X-Tenant', description: 'Tenant id', isRequired: false }],
    });
    expect(streamable?.supportedProtocolVersions).toEqual(
      expect.arrayContaining(['2026-07-28', '2025-11-25']),
    );
    expect(sse).toMatchObject({ url: `${app.origin}/sse` });
    expect(sse?.supportedProtocolVersions).not.toContain('2026-07-28');
    expect(streamable?.authentication).toBeUndefined();

    const client = new Client({ name: 'card-reader', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(streamable!.url)));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version });
      expect(Object.keys(client.getServerCapabilities() ?? {}).sort()).toEqual(
        Object.keys(card.capabilities).sort(),
      );
      const { tools } = await client.listTools();
      expect(card.tools?.map((tool) => tool.name).sort()).toEqual(
        tools.map((tool) => tool.name).sort(),
      );
      // The resource form: the same card, its endpoints left out (no public URL configured).
      const read = await client.readResource({ uri: 'mcp://server-card.json' });
      const asResource = JSON.parse((read.contents[0] as { text: string }).text) as McpServerCard;
      expect(asResource.remotes).toBeUndefined();
      expect({ ...asResource, remotes: card.remotes }).toEqual(card);
    } finally {
      await client.close();
    }
    // The protocol revisions are those server/discover reports (2026-07-28).
    const discover = await fetch(streamable!.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    const { result } = (await discover.json()) as { result: { supportedVersions: string[] } };
    expect(streamable?.supportedProtocolVersions).toEqual(result.supportedVersions);
  });

  it('is rebuilt after a runtime registration (a new entity tag)', async () => {
    const before = await fetchCard();
    const etag = before.headers.get('etag')!;
    server.registerTool(
      { name: 'added_late', description: 'Registered at runtime', inputSchema: { n: z.number() } },
      ({ n }) => String(n),
    );
    const after = await fetchCard({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const card = (await after.json()) as McpServerCard;
    expect(card.tools?.map((tool) => tool.name)).toContain('added_late');
  });
});

describe('Server Card settings checked at startup', () => {
  it('refuses a name that is not reverse-DNS, saying how to fix it', async () => {
    await expect(startApp({ name: 'plain-name', serverCard: true })).rejects.toThrow(
      /reverse-DNS with exactly one "\/".*Set serverCard\.name/,
    );
  });

  it('is not served unless asked for', async () => {
    const plain = await startApp({ name: 'io.github.example/off' });
    try {
      expect((await fetch(`${plain.origin}${WELL_KNOWN}`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
