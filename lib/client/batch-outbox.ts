import type { JsonRpcMessage } from '../protocol/json-rpc.js';
import type { ClientSendOptions, ClientTransport } from './client-transport.interface.js';

/** The messages gathered for one batch and the settlement of its send. */
interface Gathering {
  messages: JsonRpcMessage[];
  sent: Promise<void>;
  settle(send: Promise<void>): void;
}

/**
 * Where the client's peer sends its messages: straight to the transport, or, while
 * {@link gather} runs, into one JSON-RPC batch sent when it returns. Every gathered message
 * shares the batch's send promise, so a failed batch fails each of its requests.
 */
export class BatchOutbox {
  private gathering?: Gathering | undefined;

  constructor(private readonly transport: () => ClientTransport) {}

  /**
   * Sends one message, or adds it to the batch being gathered (batches exist only in 2025-03-26,
   * which has no per-message headers, so `options` matter only when sent on their own).
   */
  send(message: JsonRpcMessage, options?: ClientSendOptions): Promise<void> {
    const gathering = this.gathering;
    if (!gathering) return this.transport().send(message, options);
    gathering.messages.push(message);
    return gathering.sent;
  }

  /**
   * Runs `issue` (which must send synchronously, e.g. `JsonRpcPeer.request` calls) and sends
   * the messages it produced as one batch: `sendBatch` when the transport has it, else one by one.
   */
  gather<T>(issue: () => T): T {
    let settle!: (send: Promise<void>) => void;
    const sent = new Promise<void>((resolve, reject) => {
      settle = (send) => send.then(resolve, reject);
    });
    const gathering: Gathering = { messages: [], sent, settle };
    this.gathering = gathering;
    try {
      return issue();
    } finally {
      this.gathering = undefined;
      gathering.settle(this.flush(gathering.messages));
    }
  }

  private async flush(messages: JsonRpcMessage[]): Promise<void> {
    const transport = this.transport();
    if (messages.length > 1 && transport.sendBatch) return transport.sendBatch(messages);
    await Promise.all(messages.map((message) => transport.send(message)));
  }
}
