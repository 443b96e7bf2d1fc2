import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC request a scripted server received, with its headers. */
export interface SeenRequest {
  method: string;
  id?: unknown;
  params?: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/** What the script answers: a result, an error (with an HTTP status), or a bare status. */
export type ScriptAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown }; status?: number }
  | { status: number }
  /** An SSE response that stays open and never sends anything (until the client goes). */
  | { hold: true };

/** A misbehaving MCP server on a real socket (127.0.0.1:0) that answers what `script` says. */
export interface ScriptedHttpServer {
  url: URL;
  seen: SeenRequest[];
  /** Number of `hold` responses still open (the client has not gone away). */
  readonly held: number;
  close(): Promise<void>;
}

/** Starts a scripted server: every POSTed request goes to `script`; notifications get 202. */
export async function startScriptedServer(
  script: (request: SeenRequest) => ScriptAnswer,
): Promise<ScriptedHttpServer> {
  const seen: SeenRequest[] = [];
  let held = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const message = JSON.parse(body) as Omit<SeenRequest, 'headers'>;
      seen.push({ ...message, headers: req.headers });
      if (message.id === undefined) return void res.writeHead(202).end();
      const answer = script({ ...message, headers: req.headers });
      if ('result' in answer) return reply(200, { result: answer.result });
      if ('error' in answer) return reply(answer.status ?? 200, { error: answer.error });
      if ('hold' in answer) {
        held++;
        res.once('close', () => held--);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return void res.write(': held\n\n');
      }
      res.writeHead(answer.status).end();

      function reply(status: number, payload: object): void {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...payload }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    seen,
    get held() {
      return held;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 2026-07-28 discover result offering `versions`. */
export function discoverResult(versions: string[]): ScriptAnswer {
  return {
    result: {
      resultType: 'complete',
      supportedVersions: versions,
      capabilities: { tools: {} },
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted', version: '1.0.0' } },
    },
  };
}

/** A legacy `initialize` result. */
export const INITIALIZE_RESULT: ScriptAnswer = {
  result: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: {} },
    serverInfo: { name: 'scripted-legacy', version: '1.0.0' },
  },
};
