import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON-RPC request as the raw server received it. */
export interface RawRpcRequest {
  jsonrpc: '2.0';
  id: string | number;
  method: string;
  params?: Record<string, unknown>;
}

/** A hand-written MCP server that answers the handshake correctly and lets a test script `tools/call`. */
export interface RawMcpServer {
  url: URL;
  /** JSON-RPC methods of every POST, in order. */
  methods: string[];
  close(): Promise<void>;
}

/**
 * Starts a raw HTTP MCP server on 127.0.0.1: `initialize` gets a JSON reply with a session id,
 * notifications and responses 202, `ping` an empty result, GET 405, DELETE 200; `tools/call`
 * goes to `onCall`, which may answer anything (garbage, wrong ids, a dropped connection).
 */
export async function startRawMcpServer(
  onCall: (request: RawRpcRequest, res: ServerResponse) => void,
): Promise<RawMcpServer> {
  const methods: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<RawRpcRequest>;
      methods.push(message.method ?? 'response');
      if (message.id === undefined || message.method === undefined)
        return void res.writeHead(202).end();
      const request = message as RawRpcRequest;
      const reply = (result: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(200, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
      };
      if (request.method === 'initialize') {
        return reply(
          {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {} },
            serverInfo: { name: 'raw', version: '1.0.0' },
          },
          { 'mcp-session-id': 'raw-session' },
        );
      }
      if (request.method === 'ping') return reply({});
      if (request.method === 'tools/call') return onCall(request, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32601, message: 'Method not found' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    methods,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Starts an SSE reply. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
}
