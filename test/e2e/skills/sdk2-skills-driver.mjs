/* global process, URL, setTimeout, clearTimeout */
// Drives the official SDK v2 client's SkillsClient (@modelcontextprotocol/client 2.4.0, Node >= 22,
// from .tools/sdk2) against a server with skills and prints one JSON line with what it saw. Run by
// test/e2e/skills/skills-sdk2.e2e-spec.ts with the private Node 22.
// Usage: node sdk2-skills-driver.mjs '{"url": ..., "mode": "legacy" | "2026-07-28"}'
// After the first listing it prints {"ready":true} and waits (15 s at most) for the server's
// resources list change (the spec adds a skill then), then lists again.
const root = new URL(
  '../../../.tools/sdk2/node_modules/@modelcontextprotocol/client/dist/',
  import.meta.url,
);
const sdk = await import(new URL('index.mjs', root).href);
const ext = await import(new URL('ext/skills/index.mjs', root).href);
const config = JSON.parse(process.argv[2]);
const modern = config.mode === '2026-07-28';
const client = new sdk.Client(
  { name: 'sdk2-skills', version: '1.0.0' },
  { capabilities: {}, versionNegotiation: { mode: modern ? { pin: config.mode } : 'legacy' } },
);
const transport = new sdk.StreamableHTTPClientTransport(new URL(config.url));
const out = { listRequests: 0 };
const send = transport.send.bind(transport);
transport.send = (message, options) => {
  if (message.method === 'skills/list') out.listRequests += 1;
  return send(message, options);
};
let subscription;
try {
  let changed;
  const change = new Promise((resolve) => (changed = resolve));
  client.setNotificationHandler('notifications/resources/list_changed', () => changed('notified'));
  await client.connect(transport);
  out.protocolVersion = client.getNegotiatedProtocolVersion?.();
  const skills = new ext.SkillsClient(client);
  out.supported = skills.supported;
  const listing = await skills.list();
  out.uris = listing.skills.map((s) => s.uri).sort();
  out.invalid = listing.invalid;
  out.files = {};
  for (const entry of listing.skills) {
    const { skill } = await skills.get(entry.uri);
    const refs = skill.resources === 'dynamic' ? [undefined] : skill.resources.map((r) => r.uri);
    for (const ref of refs) {
      const file = await skills.read(skill, ref);
      out.files[file.uri] = {
        verified: file.verified,
        size: file.bytes.length,
        ...(file.frontmatter && { name: file.frontmatter.name }),
      };
    }
  }
  await skills.get('skill://nope/SKILL.md').catch((error) => {
    out.unknown = { code: error?.code, message: String(error?.message) };
  });
  if (modern) subscription = await client.listen({ resourcesListChanged: true });
  process.stdout.write(JSON.stringify({ ready: true }) + '\n');
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), 15_000)));
  out.wait = await Promise.race([change, timeout]);
  clearTimeout(timer);
  const again = await skills.list(undefined, { cache: 'bypass' }).catch(() => skills.list());
  out.urisAfter = again.skills.map((s) => s.uri).sort();
} catch (error) {
  out.error = { name: error?.name, message: String(error?.message ?? error), code: error?.code };
} finally {
  await subscription?.close().catch(() => undefined);
  await client.close().catch(() => undefined);
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
