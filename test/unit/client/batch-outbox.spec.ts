import { Subject } from 'rxjs';
import { BatchOutbox } from '../../../lib/client/batch-outbox.js';
import type { ClientTransport } from '../../../lib/client/client-transport.interface.js';
import type { JsonRpcMessage } from '../../../lib/protocol/json-rpc.js';

/** A transport that records what it was asked to send (with or without batches). */
function recorder(batches: boolean, fail?: Error) {
  const sent: Array<JsonRpcMessage | JsonRpcMessage[]> = [];
  const transport: ClientTransport = {
    messages$: new Subject<JsonRpcMessage>(),
    errors$: new Subject<Error>(),
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => {
      sent.push(message);
      if (fail) throw fail;
    },
  };
  if (batches) {
    transport.sendBatch = async (messages) => {
      sent.push(messages);
      if (fail) throw fail;
    };
  }
  return { transport, sent };
}

const ping = (id: number): JsonRpcMessage => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('BatchOutbox', () => {
  it('sends straight to the transport outside gather()', async () => {
    const { transport, sent } = recorder(true);
    await new BatchOutbox(() => transport).send(ping(1));
    expect(sent).toEqual([ping(1)]);
  });

  it('sends what gather() issued as one batch, every message sharing its send', async () => {
    const { transport, sent } = recorder(true);
    const outbox = new BatchOutbox(() => transport);
    const sends = outbox.gather(() => [outbox.send(ping(1)), outbox.send(ping(2))]);
    await Promise.all(sends);
    expect(sent).toEqual([[ping(1), ping(2)]]);
  });

  it('sends one by one when the transport has no batches, or for a single message', async () => {
    const plain = recorder(false);
    const outbox = new BatchOutbox(() => plain.transport);
    await Promise.all(outbox.gather(() => [outbox.send(ping(1)), outbox.send(ping(2))]));
    expect(plain.sent).toEqual([ping(1), ping(2)]);
    const batching = recorder(true);
    const single = new BatchOutbox(() => batching.transport);
    await single.gather(() => single.send(ping(3)));
    expect(batching.sent).toEqual([ping(3)]);
  });

  it('fails every gathered send when the batch cannot be sent', async () => {
    const { transport } = recorder(true, new Error('down'));
    const outbox = new BatchOutbox(() => transport);
    const sends = outbox.gather(() => [outbox.send(ping(1)), outbox.send(ping(2))]);
    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});
