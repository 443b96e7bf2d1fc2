import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endSessions, sendHandshakes } from '../../../bench/handshake-trips.js';
import { ECHO_TEXT } from '../../../bench/workload.js';

/** What the fake server saw of one request. */
interface Seen {
  method: string;
  rpc?: string;
  session?: string;
  contentType?: string;
}

/**
 * A real HTTP server answering each trip of a handshake as an MCP server would (a new session id
 * per `initialize`), recording what it saw; `broken` answers `tools/list` with an error.
 */
async function fakeMcp(seen: Seen[], broken = false): Promise<{ url: string; server: Server }> {
  let sessions = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const message = body ? (JSON.parse(body) as { id?: number; method: string }) : undefined;
      const session = req.headers['mcp-session-id'] as string | undefined;
      seen.push({
        method: req.method!,
        rpc: message?.method,
        session,
        contentType: req.headers['content-type'],
      });
      const reply = (result: unknown) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message!.id, result }));
      };
      if (req.method === 'DELETE' || message?.method === 'notifications/initialized') {
        res.statusCode = req.method === 'DELETE' ? 200 : 202;
        res.end();
      } else if (message?.method === 'initialize') {
        res.setHeader('mcp-session-id', `s${++sessions}`);
        reply({ protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x' } });
      } else if (message?.method === 'tools/list') {
        if (broken) reply({ error: 'no' });
        else reply({ tools: [] });
      } else reply({ content: [{ type: 'text', text: ECHO_TEXT }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, server };
}

describe('bench:instructions handshake client', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const started = async (seen: Seen[], broken = false) => {
    const { url, server } = await fakeMcp(seen, broken);
    servers.push(server);
    return url;
  };

  it('sends the five trips of a handshake in order, on the session initialize opened', async () => {
    const seen: Seen[] = [];
    const url = await started(seen);
    const done = await sendHandshakes({ url, kind: 'mcp', count: 3, concurrency: 1 });
    expect(done).toEqual({ resent: 0, sessions: [] });
    expect(seen.slice(0, 5)).toEqual([
      { method: 'POST', rpc: 'initialize', contentType: 'application/json' },
      {
        method: 'POST',
        rpc: 'notifications/initialized',
        session: 's1',
        contentType: 'application/json',
      },
      { method: 'POST', rpc: 'tools/list', session: 's1', contentType: 'application/json' },
      { method: 'POST', rpc: 'tools/call', session: 's1', contentType: 'application/json' },
      // No body, so no content type (Fastify refuses an empty JSON body).
      { method: 'DELETE', session: 's1' },
    ]);
    expect(seen).toHaveLength(15);
  });

  it('sends the bare four trips without DELETE, and initialize alone with its sessions back', async () => {
    const seen: Seen[] = [];
    const url = await started(seen);
    await sendHandshakes({ url, kind: 'bare', count: 2, concurrency: 2 });
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(0);
    expect(seen).toHaveLength(8);

    seen.length = 0;
    const { sessions } = await sendHandshakes({
      url,
      kind: 'initialize',
      count: 4,
      concurrency: 2,
    });
    expect(seen.map((s) => s.rpc)).toEqual(Array(4).fill('initialize'));
    expect(sessions.sort()).toEqual(['s3', 's4', 's5', 's6']);
    seen.length = 0;
    await endSessions(url, sessions);
    expect(seen.map((s) => `${s.method} ${s.session}`).sort()).toEqual(
      sessions.map((s) => `DELETE ${s}`),
    );
  });

  it('fails on a trip whose reply is not what it expects', async () => {
    const url = await started([], true);
    await expect(sendHandshakes({ url, kind: 'mcp', count: 1, concurrency: 1 })).rejects.toThrow(
      /tools\/list to .*: HTTP 200/,
    );
  });
});
