import { BrokerClientTransport } from '../../../../lib/transports/broker/broker-client.transport.js';
import type {
  BrokerClientLink,
  BrokerTarget,
} from '../../../../lib/transports/broker/broker-link.interface.js';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';

type Headers = Readonly<Record<string, string>>;

/** A link that records what is sent and lets the test play the broker's side. */
class RecordingLink implements BrokerClientLink {
  readonly description = 'test subject "svc"';
  readonly sent: Array<{ body: string; tag?: string | undefined; to?: BrokerTarget | undefined }> =
    [];
  /** The reply tag each request id was sent with. */
  readonly tags = new Map<unknown, string>();
  private onMessage!: (body: Uint8Array, headers: Headers, tag: string | undefined) => void;
  interrupt!: (interrupted: boolean) => void;

  /** Delivers a message on the reply address of request `id` (its tag), or on none. */
  deliver(body: Uint8Array, headers: Headers, id?: unknown): void {
    this.onMessage(body, headers, id === undefined ? undefined : this.tags.get(id));
  }

  /** Delivers `message` as a service's answer tagged with request `id`, on `via`'s address. */
  answer(message: object, id: unknown, via: unknown = id): void {
    const headers: Headers = id === undefined ? {} : { 'mcp-request-id': JSON.stringify(id) };
    this.deliver(new TextEncoder().encode(JSON.stringify(message)), headers, via);
  }

  async start(
    onMessage: (body: Uint8Array, headers: Headers, tag: string | undefined) => void,
    _onClosed: (error: Error) => void,
    onInterrupted?: (interrupted: boolean) => void,
  ): Promise<void> {
    this.onMessage = onMessage;
    this.interrupt = onInterrupted!;
  }

  async send(body: string, tag?: string, to?: BrokerTarget): Promise<void> {
    const id = (JSON.parse(body || '{}') as { id?: unknown }).id;
    if (tag !== undefined) this.tags.set(id, tag);
    this.sent.push({ body, ...(tag !== undefined && { tag }), to });
  }

  async close(): Promise<void> {}
}

const call = (id: number) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'tools/call',
  params: { name: 'slow', arguments: {} },
});
const cancel = (id: number) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/cancelled',
  params: { requestId: id, reason: 'gave up' },
});
const keepAlive = (id: number) => ({
  'mcp-request-id': JSON.stringify(id),
  'mcp-keepalive': '1',
  'mcp-call': 'token-1',
  'mcp-call-address': 'replica-a',
});
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function started() {
  const link = new RecordingLink();
  const transport = new BrokerClientTransport(link, { livenessMs: 60_000 });
  const received: JsonRpcMessage[] = [];
  transport.messages$.subscribe((m) => received.push(m));
  await transport.start();
  return { link, transport, received };
}

describe('BrokerClientTransport', () => {
  it('fails the requests in flight at once when the broker connection drops, and new ones until it is back', async () => {
    const { link, transport, received } = await started();
    await transport.send(call(1));
    link.interrupt(true);
    expect(received).toEqual([
      expect.objectContaining({
        id: 1,
        error: expect.objectContaining({
          code: -32603,
          message: expect.stringContaining('the connection to the broker was lost'),
        }),
      }),
    ]);
    await transport.send(call(2));
    await tick();
    expect(received[1]).toMatchObject({
      id: 2,
      error: { message: expect.stringContaining('not connected to the broker (reconnecting)') },
    });
    expect(link.sent).toHaveLength(1); // the second call was never published
    link.interrupt(false);
    await transport.send(call(3));
    expect(link.sent).toHaveLength(2);
    await transport.close();
  });

  it("sends a stateless call's cancel to its replica with the call's token, after the first keep-alive", async () => {
    const { link, transport } = await started();
    await transport.send(call(1));
    await transport.send(cancel(1)); // before any keep-alive: held
    expect(link.sent).toHaveLength(1);
    link.deliver(new Uint8Array(), keepAlive(1), 1);
    await tick();
    expect(link.sent[1]).toMatchObject({
      body: JSON.stringify(cancel(1)),
      to: { address: 'replica-a', headers: { 'mcp-call': 'token-1' } },
    });
    // Known replica: a later cancel of another call goes at once; of an unknown call, nowhere.
    await transport.send(call(2));
    link.deliver(new Uint8Array(), { ...keepAlive(2), 'mcp-call': 'token-2' }, 2);
    await transport.send(cancel(2));
    expect(link.sent[3]?.to).toEqual({ address: 'replica-a', headers: { 'mcp-call': 'token-2' } });
    await transport.send(cancel(99));
    expect(link.sent).toHaveLength(4);
    await transport.close();
  });

  it('drops replies to unknown, ended or other requests, reports each kind once, and delivers the real answer', async () => {
    const { link, transport, received } = await started();
    const problems: string[] = [];
    transport.errors$.subscribe((e) => problems.push(e.message));
    await transport.send(call(1));
    await transport.send(call(2));
    const result = (id: number, text: string) => ({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text }] },
    });
    // Unknown ids, with or without an address of the client: dropped.
    for (let i = 0; i < 50; i++)
      link.answer(result(900 + i, 'forged'), 900 + i, i % 2 ? 1 : undefined);
    // A forged answer to call 2 on call 1's address, tagged or not: dropped, never given to 2.
    link.answer(result(2, 'forged'), 2, 1);
    link.answer(result(2, 'forged'), undefined, 1);
    // A forged progress of call 2 on call 1's address: dropped.
    link.answer(
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 2, progress: 1 },
      },
      2,
      1,
    );
    link.deliver(new TextEncoder().encode('{ not json'), {}, 1);
    link.deliver(new TextEncoder().encode('{ not json'), {}, 1);
    expect(received).toEqual([]);
    link.answer(result(1, 'one'), 1);
    link.answer(result(1, 'late'), 1); // a late second answer: call 1 ended
    link.answer(result(2, 'two'), 2);
    expect(received).toEqual([result(1, 'one'), result(2, 'two')]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^test subject "svc": dropped a reply that matches no request in flight .*further ones are not logged/,
      ),
      expect.stringMatching(/did not come on that request's own reply address/),
      expect.stringMatching(/dropped an unreadable reply/),
    ]);
    await transport.close();
  });
});
