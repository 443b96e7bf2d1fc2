import { call, freshId, post, type SessionHeaders } from './soak-client.js';

/** One SSE event: its id and its JSON-RPC message. */
interface Event {
  id?: string;
  message: Record<string, unknown>;
}

/** Reads SSE events from a response body until `stop` says so; then cancels the body. */
async function readEvents(response: Response, stop: (event: Event) => boolean): Promise<Event[]> {
  const events: Event[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (!data) continue; // priming event or comment
      const event = { id, message: JSON.parse(data) as Record<string, unknown> };
      events.push(event);
      if (stop(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

/**
 * One forced disconnect with resumption: calls `stream` (progress events then the result) on an
 * SSE reply, drops the connection after the first progress event, resumes with GET
 * `Last-Event-ID` and reads to the result. Returns events lost and duplicated.
 */
export async function disconnectAndResume(
  url: URL,
  headers: SessionHeaders,
  steps: number,
): Promise<{ lost: number; duplicated: number }> {
  const id = freshId();
  const request = call(id, 'stream', { steps });
  const first = await post(
    url,
    { ...request, params: { ...request.params, _meta: { progressToken: id } } },
    headers,
  );
  const before = await readEvents(first, () => true);
  const last = before.at(-1)?.id;
  if (!last) throw new Error('no event id to resume from');
  const resumed = await fetch(url, {
    headers: { ...headers, accept: 'text/event-stream', 'last-event-id': last },
  });
  const after = await readEvents(resumed, (event) => event.message.id === id);
  const progress = [...before, ...after]
    .map((e) => e.message.params as { progress?: number } | undefined)
    .filter((p) => p?.progress !== undefined)
    .map((p) => p!.progress!);
  const unique = new Set(progress);
  const gotResult = after.some((e) => e.message.id === id);
  return {
    lost: steps - unique.size + (gotResult ? 0 : 1),
    duplicated: progress.length - unique.size,
  };
}
