// Drives the official SDK v2 client (@modelcontextprotocol/client 2.4.0, Node >= 22) against a
// server and prints one JSON line with what it saw. Run by test/e2e/sdk2/sdk2-client.e2e-spec.ts
// with the private Node 22 of .tools/node22; the package lives in .tools/sdk2 (not package.json).
// Usage: node sdk2-driver.mjs '<json config>'
//   config: { transport: 'http', url } | { transport: 'stdio', command, args, cwd },
//           mode: 'auto' | '2026-07-28' (pinned), tool: name, toolArgs: object, concurrent: number
const root = new URL(
  '../../../.tools/sdk2/node_modules/@modelcontextprotocol/client/dist/',
  import.meta.url,
);
const sdk = await import(new URL('index.mjs', root).href);
const config = JSON.parse(process.argv[2]);

const versionNegotiation = { mode: config.mode === 'auto' ? 'auto' : { pin: config.mode } };
const client = new sdk.Client(
  { name: 'sdk2-e2e', version: '1.0.0' },
  { capabilities: {}, versionNegotiation },
);
let transport;
if (config.transport === 'http') {
  transport = new sdk.StreamableHTTPClientTransport(new URL(config.url));
} else {
  const stdio = await import(new URL('stdio.mjs', root).href);
  transport = new stdio.StdioClientTransport({
    command: config.command,
    args: config.args,
    cwd: config.cwd,
    stderr: 'pipe',
  });
}
const out = {};
const step = (s) => process.env.SDK2_DEBUG && process.stderr.write(`[sdk2] ${s}\n`);
try {
  step('connect');
  await client.connect(transport);
  step('connected');
  out.protocolVersion = client.getNegotiatedProtocolVersion?.();
  const discover = client.getDiscoverResult?.();
  out.discover = discover
    ? {
        supportedVersions: discover.supportedVersions,
        capabilityKeys: Object.keys(discover.capabilities ?? {}).sort(),
        ttlMs: discover.ttlMs,
        cacheScope: discover.cacheScope,
      }
    : null;
  out.serverVersion = client.getServerVersion?.() ?? null;
  const tools = await client
    .listTools(undefined, { cache: 'bypass' })
    .catch(() => client.listTools());
  out.toolNames = tools.tools.map((t) => t.name);
  out.listHints = { ttlMs: tools.ttlMs, cacheScope: tools.cacheScope };
  step('listed');
  const call = await client.callTool({ name: config.tool, arguments: config.toolArgs });
  out.call = call.content;
  const n = config.concurrent ?? 0;
  const many = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      client.callTool({ name: config.tool, arguments: { ...config.toolArgs, text: `c${i}` } }),
    ),
  );
  out.concurrent = many.map((r) => r.content?.[0]?.text);
} catch (error) {
  out.error = { name: error?.name, message: String(error?.message ?? error), code: error?.code };
} finally {
  step('closing');
  await client.close().catch(() => undefined);
  step('closed');
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
