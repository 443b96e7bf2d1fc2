// The bench's echo tool served by the official SDK v2 server (@modelcontextprotocol/server 2.4.0
// + @modelcontextprotocol/node), stateless: createMcpHandler builds a server per request; it
// answers 2026-07-28 requests (JSON) and 2025 requests through its stateless legacy fallback
// (SSE replies). Needs Node >= 22: bench/compare.ts runs it with the private Node 22 from
// .tools (scripts/compare-tools.sh installs both). Prints `READY <port>` once listening.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const tools = createRequire(new URL('../../.tools/sdk2-server/package.json', import.meta.url));
const load = (name) => import(pathToFileURL(tools.resolve(name)).href);
const { McpServer, createMcpHandler } = await load('@modelcontextprotocol/server');
const { toNodeHandler } = await load('@modelcontextprotocol/node');
const { z } = await load('zod');

function build() {
  const server = new McpServer({ name: 'sdk2-bench', version: '0.0.0' });
  server.registerTool(
    'echo',
    {
      description: 'Echoes the given text back',
      inputSchema: { text: z.string().describe('Text to echo') },
      annotations: { readOnlyHint: true },
    },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

const mcp = toNodeHandler(createMcpHandler(build));
const http = createServer((req, res) => mcp(req, res));
http.listen(0, '127.0.0.1', () => console.log(`READY ${http.address().port}`));
process.on('SIGTERM', () => http.close(() => process.exit(0)));
