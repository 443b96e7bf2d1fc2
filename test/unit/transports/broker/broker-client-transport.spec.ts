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
  readonly sent: Array<{ body: string; to?: BrokerTarget | undefined }> = [];
  deliver!: (body: Uint8Array, headers: Headers) => void;
  interrupt!: (interrupted: boolean) => void;

  async start(
    onMessage: (body: Uint8Array, headers: Headers) => void,
    _onClosed: (error: Error) => void,
    onInterrupted?: (interrupted: boolean) => void,
  ): Promise<void> {
    this.deliver = onMessage;
    this.interrupt = onInterrupted!;
  }

  async send(body: string, _requestId?: string, to?: BrokerTarget): Promise<void> {
    this.sent.push({ body, to });
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
    link.deliver(new Uint8Array(), keepAlive(1));
    await tick();
    expect(link.sent[1]).toEqual({
      body: JSON.stringify(cancel(1)),
      to: { address: 'replica-a', headers: { 'mcp-call': 'token-1' } },
    });
    // Known replica: a later cancel of another call goes at once; of an unknown call, nowhere.
    await transport.send(call(2));
    link.deliver(new Uint8Array(), { ...keepAlive(2), 'mcp-call': 'token-2' });
    await transport.send(cancel(2));
    expect(link.sent[3]?.to).toEqual({ address: 'replica-a', headers: { 'mcp-call': 'token-2' } });
    await transport.send(cancel(99));
    expect(link.sent).toHaveLength(4);
    await transport.close();
  });
});
