import { Readable } from 'node:stream';
import {
  isMessageEvent,
  readSseEvents,
  type SseReadCallbacks,
  type SseReadEvent,
} from '../../../../../lib/transports/shared/sse/sse-reader.js';

/** A body that yields `chunks` (strings or bytes), one per read, then ends, stays open or errors. */
function body(chunks: Array<string | Uint8Array>, end: 'close' | 'open' | Error = 'close') {
  const queue = [...chunks];
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk !== undefined) {
        controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
      } else if (end === 'close') controller.close();
      else if (end instanceof Error) controller.error(end);
      else return new Promise<void>(() => undefined); // stays open
    },
  });
}

function recorder(stopWhen?: (messages: string[]) => boolean) {
  const seen = { messages: [] as string[], ids: [] as string[], retries: [] as number[] };
  const callbacks: SseReadCallbacks = {
    // What the Streamable HTTP client keeps: message events with data.
    onEvent: (event) => {
      if (isMessageEvent(event) && event.data !== '') seen.messages.push(event.data);
    },
    onId: (id) => seen.ids.push(id),
    onRetry: (ms) => seen.retries.push(ms),
    shouldStop: () => stopWhen?.(seen.messages) ?? false,
  };
  return { seen, callbacks };
}

const options = () => ({ signal: new AbortController().signal, maxEventBytes: 1000 });

describe('readSseEvents', () => {
  it('reads message events split across chunks, with ids and retry', async () => {
    const { seen, callbacks } = recorder();
    const outcome = await readSseEvents(
      body([
        'id: 1\nretry: 300\ndata: \n\n',
        'event: message\nid: 2\nda',
        'ta: {"a":1}\n',
        '\ndata: x\ndata: y\n\n',
      ]),
      callbacks,
      options(),
    );
    expect(outcome).toEqual({ kind: 'ended' });
    expect(seen).toEqual({ messages: ['{"a":1}', 'x\ny'], ids: ['1', '2'], retries: [300] });
  });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('data: héllo 世界\n\n');
    const { seen, callbacks } = recorder();
    await readSseEvents(
      body([bytes.slice(0, 8), bytes.slice(8, 15), bytes.slice(15)]),
      callbacks,
      options(),
    );
    expect(seen.messages).toEqual(['héllo 世界']);
  });

  it('skips other event types, comments and empty data; drops an unterminated last event', async () => {
    const { seen, callbacks } = recorder();
    await readSseEvents(
      body([
        ': keepalive\n\nevent: ping\ndata: 1\n\nevent: endpoint\ndata: /x\n\ndata:\n\nfoo: bar\n\ndata: half',
      ]),
      callbacks,
      options(),
    );
    expect(seen.messages).toEqual([]);
  });

  it('stops when asked, even on a stream that stays open', async () => {
    const { callbacks } = recorder((messages) => messages.length > 0);
    const outcome = await readSseEvents(body(['data: done\n\n'], 'open'), callbacks, options());
    expect(outcome).toEqual({ kind: 'stopped' });
  });

  it('reports a broken stream with its error', async () => {
    const failure = new Error('socket hang up');
    const { seen, callbacks } = recorder();
    const outcome = await readSseEvents(body(['data: a\n\n'], failure), callbacks, options());
    expect(outcome).toEqual({ kind: 'broken', error: failure });
    expect(seen.messages).toEqual(['a']);
  });

  it('reports aborted when the signal fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const { callbacks } = recorder();
    const outcome = await readSseEvents(body([], new Error('aborted')), callbacks, {
      signal: controller.signal,
      maxEventBytes: 10,
    });
    expect(outcome).toEqual({ kind: 'aborted' });
  });

  it('refuses an event larger than the bound, in one chunk or across many', async () => {
    for (const chunks of [
      [`data: ${'x'.repeat(2000)}\n\n`],
      Array.from({ length: 30 }, (_, i) => (i === 0 ? 'data: ' : 'x'.repeat(100))),
    ]) {
      const { seen, callbacks } = recorder();
      const outcome = await readSseEvents(body(chunks, 'open'), callbacks, options());
      expect(outcome).toEqual({ kind: 'overflow' });
      expect(seen.messages).toEqual([]);
    }
  });

  it('counts the bound in UTF-8 bytes, not characters', async () => {
    const { seen, callbacks } = recorder();
    const outcome = await readSseEvents(
      body([`data: ${'é'.repeat(600)}\n\n`]),
      callbacks,
      options(),
    );
    expect(outcome).toEqual({ kind: 'overflow' });
    expect(seen.messages).toEqual([]);
  });

  it('hands every event type to onEvent, and reads a Node stream of Buffers (legacy client)', async () => {
    const events: SseReadEvent[] = [];
    const source = Readable.from([
      Buffer.from('event: endpoint\ndata: /messages?sessionId=1\n\n'),
      Buffer.from('data: {"a":1}\n\n'),
    ]);
    const outcome = await readSseEvents(source, { onEvent: (e) => events.push(e) }, options());
    expect(outcome).toEqual({ kind: 'ended' });
    expect(events.map((e) => [e.event, e.data])).toEqual([
      ['endpoint', '/messages?sessionId=1'],
      [undefined, '{"a":1}'],
    ]);
  });
});
