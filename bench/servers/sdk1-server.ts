/**
 * The bench's echo tool served by the official SDK v1 server (`@modelcontextprotocol/sdk`
 * McpServer + StreamableHTTPServerTransport on Express, JSON replies), the SDK's documented
 * wirings: `stateful` keeps one server and transport per session (by `mcp-session-id`),
 * stateless builds both per request.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'sdk1-bench', version: '0.0.0' });
  server.registerTool(
    'echo',
    {
      description: 'Echoes the given text back',
      inputSchema: { text: z.string().describe('Text to echo') },
      annotations: { readOnlyHint: true },
    },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

function statefulRoute() {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return async (req: Request, res: Response) => {
    const id = req.header('mcp-session-id');
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      if (id || req.method !== 'POST' || !isInitializeRequest(req.body)) {
        res.status(id ? 404 : 400).json({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: id ? 'Session not found' : 'No session' },
        });
        return;
      }
      const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sessionId): void => {
          sessions.set(sessionId, created);
        },
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await buildServer().connect(created);
      transport = created;
    }
    await transport!.handleRequest(req, res, req.body);
  };
}

function statelessRoute() {
  return async (req: Request, res: Response) => {
    const server = buildServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}

/** Starts the SDK v1 server on 127.0.0.1 (ephemeral port) and resolves with the HTTP server. */
export function startSdk1Server(stateful: boolean): Promise<Server> {
  const app = express();
  app.use(express.json({ limit: '4mb' }));
  app.all('/mcp', stateful ? statefulRoute() : statelessRoute());
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}
