import { BASE_HEADERS, PROTOCOL_VERSION } from './workload.js';

async function post(url: string, headers: Record<string, string>, body: unknown) {
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/**
 * Opens an MCP session over HTTP (`initialize`, then `notifications/initialized`) and returns the
 * headers every later request of the session carries.
 * @throws Error when the server does not answer as the Streamable HTTP transport should.
 */
export async function openMcpSession(url: string): Promise<Record<string, string>> {
  const init = await post(url, BASE_HEADERS, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'nestjs-mcp-bench', version: '0.0.0' },
    },
  });
  const sessionId = init.headers.get('mcp-session-id');
  const reply = await init.text();
  if (init.status !== 200 || !sessionId) {
    throw new Error(`initialize failed: HTTP ${init.status}, session ${sessionId}: ${reply}`);
  }
  const negotiated = (JSON.parse(reply) as { result?: { protocolVersion?: string } }).result
    ?.protocolVersion;
  if (negotiated !== PROTOCOL_VERSION) {
    throw new Error(`initialize negotiated ${negotiated}, expected ${PROTOCOL_VERSION}`);
  }
  const headers = {
    ...BASE_HEADERS,
    'mcp-session-id': sessionId,
    'mcp-protocol-version': PROTOCOL_VERSION,
  };
  const initialized = await post(url, headers, {
    jsonrpc: '2.0',
    method: 'notifications/initialized',
  });
  await initialized.arrayBuffer();
  if (initialized.status !== 202) {
    throw new Error(`notifications/initialized answered HTTP ${initialized.status}, expected 202`);
  }
  return headers;
}
