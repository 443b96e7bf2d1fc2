/* global process, URL */
// Drives the official SDK v2 client (@modelcontextprotocol/client, Node >= 22, from .tools/sdk2)
// against a server with MCP App views and prints one JSON line with what it saw. Run by
// test/e2e/apps/mcp-apps-sdk2.e2e-spec.ts with the private Node 22.
// Usage: node sdk2-apps-driver.mjs '{"url":..., "mode": "2026-07-28" | "2025-11-25", "apps": bool}'
const root = new URL(
  '../../../.tools/sdk2/node_modules/@modelcontextprotocol/client/dist/',
  import.meta.url,
);
const sdk = await import(new URL('index.mjs', root).href);
const config = JSON.parse(process.argv[2]);
const UI = 'io.modelcontextprotocol/ui';
const capabilities = config.apps
  ? { extensions: { [UI]: { mimeTypes: ['text/html;profile=mcp-app'] } } }
  : {};
const client = new sdk.Client(
  { name: 'sdk2-apps', version: '1.0.0' },
  {
    capabilities,
    versionNegotiation: { mode: config.mode === '2026-07-28' ? { pin: config.mode } : 'legacy' },
  },
);
const out = {};
try {
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(config.url)));
  out.protocolVersion = client.getNegotiatedProtocolVersion?.();
  out.extension = client.getServerCapabilities?.()?.extensions?.[UI] ?? null;
  const { tools } = await client.listTools();
  out.tools = tools.map((t) => ({ name: t.name, meta: t._meta ?? null }));
  const view = tools.find((t) => t._meta?.ui?.resourceUri)?._meta.ui.resourceUri;
  if (view) {
    const read = await client.readResource({ uri: view });
    const item = read.contents[0];
    out.view = {
      uri: item.uri,
      mimeType: item.mimeType,
      meta: item._meta ?? null,
      html: item.text.slice(0, 15),
    };
  }
} catch (error) {
  out.error = { name: error?.name, message: String(error?.message ?? error) };
} finally {
  await client.close().catch(() => undefined);
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
