/** Raw Streamable HTTP calls for the soak (fetch, keep-alive). */

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
let nextId = 1;

/** A session's headers after initialize. */
export type SessionHeaders = Record<string, string>;

/** POSTs one message; returns the response (body unread). */
export function post(url: URL, body: unknown, headers: SessionHeaders = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

/** initialize + notifications/initialized; returns the session headers. */
export async function openSession(url: URL): Promise<SessionHeaders> {
  const response = await post(url, {
    jsonrpc: '2.0',
    id: nextId++,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'soak', version: '0' },
    },
  });
  await response.text();
  const id = response.headers.get('mcp-session-id');
  if (response.status !== 200 || !id) throw new Error(`initialize answered ${response.status}`);
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text();
  return headers;
}

/** One tools/call echo; throws unless it succeeded. */
export async function echo(url: URL, headers: SessionHeaders): Promise<void> {
  const id = nextId++;
  const response = await post(url, call(id, 'echo', { text: 'soak' }), headers);
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"result"')) throw new Error(`echo: ${text}`);
}

/** DELETE of a session. */
export async function closeSession(url: URL, headers: SessionHeaders): Promise<void> {
  await (await fetch(url, { method: 'DELETE', headers })).text();
}

/** A tools/call request. */
export function call(id: number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** A fresh request id. */
export function freshId(): number {
  return nextId++;
}

/** Runs `task` `count` times with at most `concurrency` at once. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
