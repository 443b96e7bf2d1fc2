import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpModule, Tool } from '../../../../lib/index.js';
import { resolveSseExtras } from '../../../../lib/nest/sse/sse-module-extras.js';

@Injectable()
class NotesTools {
  @Tool({ description: 'Echoes a word', inputSchema: { word: z.string() } })
  echo({ word }: { word: string }) {
    return { word };
  }
}

/**
 * A Nest MCP server (Streamable HTTP at `/mcp`, legacy SSE at `/sse` + `/messages`) behind a
 * bearer check in a plain middleware: tokens in `valid` pass, anything else gets 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…`; the Protected Resource Metadata (resource: the
 * origin, covering both endpoints) is served at the root well-known path. Records what came in.
 */
export async function startProtectedMcpApp(authorizationServer: () => string) {
  const valid = new Set<string>();
  const seen: Array<{
    method: string;
    path: string;
    authorization: string | undefined;
    status: number;
  }> = [];
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({ name: 'protected', version: '1.0.0', sse: resolveSseExtras(true)! }),
    ],
    providers: [NotesTools],
  }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  let origin = '';
  const prm = '/.well-known/oauth-protected-resource';
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === prm) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resource: origin, authorization_servers: [authorizationServer()] }));
      return;
    }
    const authorization = req.headers.authorization;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const ok = token !== undefined && valid.has(token);
    seen.push({ method: req.method ?? '', path, authorization, status: ok ? 0 : 401 });
    if (!ok) {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': `Bearer error="invalid_token", resource_metadata="${origin}${prm}"`,
      });
      res.end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    next();
  });
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer() as Server;
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    origin,
    mcpUrl: new URL('/mcp', origin),
    sseUrl: new URL('/sse', origin),
    valid,
    seen,
    async close() {
      http.closeIdleConnections?.();
      await app.close();
      http.closeAllConnections?.();
    },
  };
}
