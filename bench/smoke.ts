import { isEchoResponse, toolsCallBody } from './workload.js';

/**
 * Sends one `tools/call echo` and checks the reply is a 200 JSON echo result, so a broken target
 * fails before it is loaded (a load run of fast errors would look like a great score).
 * @throws Error describing the unexpected reply.
 */
export async function smokeTest(
  url: string,
  headers: Record<string, string>,
  modern = false,
): Promise<void> {
  const id = 42;
  const res = await fetch(url, { method: 'POST', headers, body: toolsCallBody(id, modern) });
  const body = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('application/json') || !isEchoResponse(body, id)) {
    throw new Error(`smoke test of ${url} failed: HTTP ${res.status} (${type}): ${body}`);
  }
}
