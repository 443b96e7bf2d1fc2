import { openSse, rawId, type RawSession, type SseEvent } from '../../support/raw-http.js';

/** Log messages of a backlog and the size of each (64 KiB: 200 of them are 12.5 MiB). */
export const BACKLOG_COUNT = 200;
export const BACKLOG_BYTES = 64 * 1024;

/**
 * Calls `burst` on `url` over SSE (its first message, then the rest 300 ms later), keeps the first event's id (the priming event, or the first
 * log message) and drops the connection at once, so the rest of the burst (and the call's result)
 * is stored while no client reads. Resolves with the id to resume after and the `n` of the last
 * message received (0 after a priming event).
 */
export async function startBacklog(
  url: URL,
  session: RawSession,
): Promise<{ lastEventId: string; seen: number }> {
  const stream = await openSse(url, {
    headers: session.headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: rawId(),
      method: 'tools/call',
      params: {
        name: 'burst',
        arguments: { count: BACKLOG_COUNT, bytes: BACKLOG_BYTES, pauseMs: 300 },
      },
    }),
  });
  const first = await stream.next();
  stream.abort();
  if (first?.id === undefined) throw new Error(`expected an event id: ${JSON.stringify(first)}`);
  const seen = first.data === '' ? 0 : readBacklog([first]).numbers[0];
  return { lastEventId: first.id, seen };
}

/** The `n` of each replayed log message, and whether the call's result came after them. */
export function readBacklog(events: SseEvent[]): { numbers: number[]; result: boolean } {
  const numbers: number[] = [];
  let result = false;
  for (const event of events) {
    if (event.data === '') continue;
    const message = JSON.parse(event.data) as {
      method?: string;
      params?: { data?: { n: number; filler: string } };
      result?: unknown;
    };
    if (message.method === 'notifications/message') {
      if (message.params!.data!.filler.length !== BACKLOG_BYTES) throw new Error('short filler');
      numbers.push(message.params!.data!.n);
    } else if (message.result !== undefined) result = true;
  }
  return { numbers, result };
}

/** from+1..to. */
export const after = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => from + i + 1);
