import { openMcpSession } from './mcp-session.js';
import { isEchoResponse, toolsCallBody } from './workload.js';

const CONCURRENCY = 16;

const ATTEMPTS = 3;
/** How undici reports a pooled connection closed under it (a FIN, or a reset). */
const STALE_CODES = new Set<unknown>(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * True for a request that failed on a pooled keep-alive connection the server had just closed
 * (its idle timeout ran out while the server paused for a full GC between phases). Such a request
 * did not reach the server; sending it again at worst opens one extra session (noise against
 * 10,000).
 */
function isStaleConnection(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return error instanceof TypeError && STALE_CODES.has(cause?.code);
}

async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isStaleConnection(error)) throw error;
    }
  }
}

async function inParallel<T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await withRetry(() => work(index));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, lane));
  return results;
}

/**
 * Opens `count` MCP sessions over HTTP (initialize + initialized, 16 at a time) and leaves them
 * idle; resolves with each session's request headers.
 */
export function openIdleSessions(url: string, count: number): Promise<Record<string, string>[]> {
  return inParallel(count, () => openMcpSession(url));
}

/**
 * Sends one `tools/call echo` on each session and resolves with how many answered with the echo
 * (a held session answers; an expired or dropped one gets 404).
 */
export async function countLiveSessions(
  url: string,
  sessions: Record<string, string>[],
): Promise<number> {
  const answers = await inParallel(sessions.length, async (index) => {
    const id = index + 1;
    const res = await fetch(url, {
      method: 'POST',
      headers: sessions[index],
      body: toolsCallBody(id),
    });
    return res.status === 200 && isEchoResponse(await res.text(), id);
  });
  return answers.filter(Boolean).length;
}

/** Ends each session with DELETE. */
export async function closeSessions(
  url: string,
  sessions: Record<string, string>[],
): Promise<void> {
  await inParallel(sessions.length, async (index) => {
    const res = await fetch(url, { method: 'DELETE', headers: sessions[index] });
    await res.arrayBuffer();
  });
}
