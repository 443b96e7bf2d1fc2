/* global process, URL, setTimeout, clearTimeout */
// Drives the official SDK v2 client (@modelcontextprotocol/client 2.4.0, Node >= 22) against a
// server and prints one JSON line with what it saw. Run by test/e2e/sdk2/sdk2-client.e2e-spec.ts
// with the private Node 22 of .tools/node22; the package lives in .tools/sdk2 (not package.json).
// Usage: node sdk2-driver.mjs '<json config>'
//   config: { transport: 'http', url } | { transport: 'stdio', command, args, cwd },
//           mode: 'auto' | '2026-07-28' (pinned),
//           tool?: name, toolArgs?: object, concurrent?: number   (discover, list, calls)
//           elicitName?: string   (declares elicitation; the handler accepts with this name)
//           roots?: Array<{ uri, name? }>   (declares roots; roots/list answers with them)
//           alsoCall?: { tool, toolArgs }   (after the calls, one more call in the same session;
//                   its content in `alsoCalled`)
//           listen?: { filter, notification, trigger? }   (see listenScenario below; with a tool
//                   too, the calls run first and the listen stream then in the same session)
const root = new URL(
  '../../../.tools/sdk2/node_modules/@modelcontextprotocol/client/dist/',
  import.meta.url,
);
const sdk = await import(new URL('index.mjs', root).href);
const config = JSON.parse(process.argv[2]);

const versionNegotiation = { mode: config.mode === 'auto' ? 'auto' : { pin: config.mode } };
const capabilities = {
  ...(config.elicitName && { elicitation: {} }),
  ...(config.roots && { roots: {} }),
};
const client = new sdk.Client(
  { name: 'sdk2-e2e', version: '1.0.0' },
  { capabilities, versionNegotiation },
);
const out = {};
if (config.elicitName) {
  // The same handler a 2025 client would register; in the 2026 era the SDK fulfils the
  // input_required result's embedded requests through it and retries the call.
  out.elicitations = [];
  client.setRequestHandler('elicitation/create', (request) => {
    out.elicitations.push(request.params.message);
    return { action: 'accept', content: { name: config.elicitName } };
  });
}
if (config.roots) {
  out.rootsLists = 0;
  client.setRequestHandler('roots/list', () => {
    out.rootsLists += 1;
    return { roots: config.roots };
  });
}
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
// What the client put on the wire: tools/call requests (with or without MRTR answers) and
// responses to server-initiated requests (the 2025 way of eliciting).
out.sent = { toolCalls: [], responses: 0 };
// The keys of the answers each tools/call carried (the server's input request keys).
out.inputKeys = [];
const send = transport.send.bind(transport);
transport.send = (message, options) => {
  if (message.method === 'tools/call') {
    out.inputKeys.push(Object.keys(message.params?.inputResponses ?? {}).sort());
    out.sent.toolCalls.push({
      name: message.params?.name,
      inputResponses: Object.keys(message.params?.inputResponses ?? {}).length,
      requestState: typeof message.params?.requestState === 'string',
    });
  } else if (message.method === undefined && 'id' in message) {
    out.sent.responses += 1;
  }
  return send(message, options);
};
const step = (s) => process.env.SDK2_DEBUG && process.stderr.write(`[sdk2] ${s}\n`);

/** Discover, list with cache hints, one call and `concurrent` parallel calls of `config.tool`. */
async function callScenario() {
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
}

/**
 * Opens `subscriptions/listen` with `listen.filter`, prints `{"listening":...}` (the spec then
 * changes the server), or calls `listen.trigger` itself, waits for `listen.notification`, lists
 * the tools again, closes the subscription and records how it ended.
 */
async function listenScenario({ filter, notification, trigger }) {
  out.protocolVersion = client.getNegotiatedProtocolVersion?.();
  let seen;
  const arrived = new Promise((resolve) => (seen = resolve));
  out.notifications = [];
  client.setNotificationHandler(notification, (n) => {
    out.notifications.push({ method: n.method, params: n.params ?? null });
    seen();
  });
  const subscription = await client.listen(filter);
  out.honoredFilter = subscription.honoredFilter;
  process.stdout.write(JSON.stringify({ listening: true }) + '\n');
  if (trigger) await client.callTool({ name: trigger.tool, arguments: trigger.args });
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), 15_000)));
  out.wait = (await Promise.race([arrived.then(() => 'notified'), timeout])) ?? 'notified';
  clearTimeout(timer);
  const tools = await client.listTools(undefined, { cache: 'bypass' });
  out.toolNames = tools.tools.map((t) => t.name);
  await subscription.close();
  out.closed = await subscription.closed;
}

try {
  step('connect');
  await client.connect(transport);
  step('connected');
  if (!config.listen || config.tool) await callScenario();
  if (config.alsoCall) {
    const { tool, toolArgs } = config.alsoCall;
    out.alsoCalled = (await client.callTool({ name: tool, arguments: toolArgs })).content;
  }
  if (config.listen) await listenScenario(config.listen);
} catch (error) {
  out.error = { name: error?.name, message: String(error?.message ?? error), code: error?.code };
} finally {
  step('closing');
  await client.close().catch(() => undefined);
  step('closed');
}
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
