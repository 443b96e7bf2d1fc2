/* global process, URL, console */
// An MCP server built with the official SDK v2 (@modelcontextprotocol/server 2.4.0 +
// @modelcontextprotocol/node), run with the private Node 22 by sdk2-server.e2e-spec.ts. It serves
// the 2026-07-28 era over HTTP on 127.0.0.1 and prints {"port": N} once listening. Besides /mcp:
//   GET /stats             → {"<Mcp-Method header>": count} of the MCP POSTs it received
//   GET /touch?what=tools  → publishes tools list_changed to open listen streams
//   GET /touch?uri=…       → publishes resources/updated for that URI
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The packages live in .tools/sdk2-server (scripts/sdk2-server-tools.sh), not in the project.
const tools = createRequire(new URL('../../../.tools/sdk2-server/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(tools.resolve(name)).href);
const sdk = await load('@modelcontextprotocol/server');
const { toNodeHandler } = await load('@modelcontextprotocol/node');
const z = await load('zod');
const { McpServer, createMcpHandler, inputRequired, inputResponse } = sdk;

const text = (value) => ({ content: [{ type: 'text', text: value }] });

/** One server per request (the stateless handler calls the factory as it needs). */
function build() {
  const server = new McpServer(
    { name: 'sdk2-fixture', version: '2.4.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
      },
      cacheHints: { 'tools/list': { ttlMs: 600_000, cacheScope: 'public' } },
    },
  );
  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text: t }) =>
    text(`echo: ${t}`),
  );
  server.registerTool('confirm', { inputSchema: { what: z.string() } }, async ({ what }, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
    if (answer.kind !== 'elicit') {
      const requestedSchema = {
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
      };
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({
            mode: 'form',
            message: `Confirm ${what}?`,
            requestedSchema,
          }),
        },
      });
    }
    return text(`${answer.action}: ${JSON.stringify(answer.content ?? null)}`);
  });
  server.registerTool('roots', { inputSchema: {} }, async (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
    if (answer.kind !== 'roots') {
      return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
    }
    return text(answer.roots.map((root) => root.uri).join(','));
  });
  server.registerTool(
    'ask_model',
    { inputSchema: { prompt: z.string() } },
    async ({ prompt }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'model');
      if (answer.kind !== 'sampling') {
        const message = { role: 'user', content: { type: 'text', text: prompt } };
        return inputRequired({
          inputRequests: {
            model: inputRequired.createMessage({ messages: [message], maxTokens: 20 }),
          },
        });
      }
      return text(`${answer.result.model}: ${answer.result.content.text}`);
    },
  );
  server.registerResource(
    'note',
    'demo://note',
    { mimeType: 'text/plain', cacheHint: { ttlMs: 600_000, cacheScope: 'private' } },
    async (uri) => ({ contents: [{ uri: uri.href, text: 'a note' }] }),
  );
  return server;
}

const handler = createMcpHandler(build);
const mcp = toNodeHandler(handler);
const counts = {};

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/stats') {
    res.setHeader('content-type', 'application/json').end(JSON.stringify(counts));
    return;
  }
  if (url.pathname === '/touch') {
    if (url.searchParams.get('what') === 'tools') handler.notify.toolsChanged();
    const uri = url.searchParams.get('uri');
    if (uri) handler.notify.resourceUpdated(uri);
    res.end('ok');
    return;
  }
  const method = req.headers['mcp-method'];
  if (req.method === 'POST' && typeof method === 'string')
    counts[method] = (counts[method] ?? 0) + 1;
  mcp(req, res);
});

http.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: http.address().port })));
const stop = () => http.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
