import { randomUUID } from 'node:crypto';
import type { Channel, ConsumeMessage } from 'amqplib';
import { AmqpConnection } from './amqp-connection.js';
import type {
  BrokerClientLink,
  BrokerDelivery,
  BrokerServerLink,
  BrokerTarget,
} from './broker-link.interface.js';
import type { McpRabbitMqOptions } from './broker-options.interface.js';

function headerRecord(message: ConsumeMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (typeof value === 'string') out[key.toLowerCase()] = value;
  }
  return out;
}

const describe = (queue: string) => `rabbitmq queue "${queue}"`;

/**
 * A queue of this process's own, under a name it chose (`<queue>.<role>.<uuid>`), so it can be
 * declared again under the same name after a broker restart: exclusive (the broker deletes it
 * with its connection) and auto-deleted.
 */
async function declareOwnQueue(channel: Channel, name: string): Promise<void> {
  await channel.assertQueue(name, { exclusive: true, autoDelete: true, durable: false });
}

/**
 * A service's side on RabbitMQ: a consumer of the work queue. Each message is acknowledged when
 * it is taken, so a replica that dies mid-call never has its request redelivered to another one
 * (a tool call may not be idempotent): the caller's liveness timeout fails it instead. After a
 * broker restart the connection is opened again (see {@link AmqpConnection}) and the work queue
 * and the replica's own queue declared again, the latter under the same name: the 2025-era
 * sessions it holds, whose clients write to that queue, go on.
 */
export class AmqpServerLink implements BrokerServerLink {
  readonly description: string;
  readonly directAddress: string;
  private connection?: AmqpConnection;

  constructor(private readonly options: McpRabbitMqOptions) {
    this.description = describe(options.queue);
    this.directAddress = `${options.queue}.replica.${randomUUID()}`;
  }

  async listen(onMessage: (delivery: BrokerDelivery) => void): Promise<void> {
    const connection = new AmqpConnection(
      this.options.url,
      (channel) => this.subscribe(channel, onMessage),
      { lost: () => {}, back: () => {} },
    );
    this.connection = connection;
    await connection.open();
  }

  private async subscribe(
    channel: Channel,
    onMessage: (delivery: BrokerDelivery) => void,
  ): Promise<void> {
    await channel.assertQueue(this.options.queue, { durable: false });
    await channel.prefetch(this.options.prefetch ?? 16);
    const consume = (message: ConsumeMessage | null) => {
      if (!message) return;
      channel.ack(message);
      const { replyTo, correlationId } = message.properties as {
        replyTo?: string;
        correlationId?: string;
      };
      onMessage({
        body: message.content,
        headers: headerRecord(message),
        reply: replyTo
          ? {
              address: replyTo,
              // On the channel open now: a session's messages go on after a reconnect.
              send: (body, headers) => {
                try {
                  this.connection?.channel?.sendToQueue(replyTo, Buffer.from(body), {
                    headers,
                    ...(correlationId !== undefined && { correlationId }),
                  });
                } catch {
                  // the channel closed: the caller's liveness timeout reports it
                }
              },
            }
          : undefined,
      });
    };
    await channel.consume(this.options.queue, consume);
    // This replica's own queue, for the messages of the sessions it holds.
    await declareOwnQueue(channel, this.directAddress);
    await channel.consume(this.directAddress, consume);
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}

/**
 * A client's side on RabbitMQ: requests sent to the work queue with `replyTo` naming the
 * client's own exclusive queue, where every answer (notifications, keep-alives, the response)
 * arrives. After a broker restart the connection is opened again and both queues declared again
 * (the reply queue under the same name, which the service's sessions answer to), reported
 * through `onInterrupted`.
 */
export class AmqpClientLink implements BrokerClientLink {
  readonly description: string;
  private readonly replyQueue: string;
  private connection?: AmqpConnection;

  /**
   * @param requestTtlMs a request's message TTL (the client's liveness): one that no replica took
   *   by then is dropped by RabbitMQ instead of running after its caller failed it
   */
  constructor(
    private readonly options: McpRabbitMqOptions,
    private readonly requestTtlMs?: number,
  ) {
    this.description = describe(options.queue);
    this.replyQueue = `${options.queue}.client.${randomUUID()}`;
  }

  async start(
    onMessage: (
      body: Uint8Array,
      headers: Readonly<Record<string, string>>,
      tag: string | undefined,
    ) => void,
    onClosed: (error: Error) => void,
    onInterrupted?: (interrupted: boolean) => void,
  ): Promise<void> {
    const declare = async (channel: Channel) => {
      await channel.assertQueue(this.options.queue, { durable: false });
      await declareOwnQueue(channel, this.replyQueue);
      await channel.consume(
        this.replyQueue,
        (message) => {
          if (!message) return;
          const tag = message.properties.correlationId as string | undefined;
          onMessage(message.content, headerRecord(message), tag);
        },
        { noAck: true },
      );
    };
    const connection = new AmqpConnection(this.options.url, declare, {
      lost: (error) => {
        if (onInterrupted) onInterrupted(true);
        else {
          void connection.close();
          onClosed(error ?? new Error(`RabbitMQ connection to ${this.description} closed`));
        }
      },
      back: () => onInterrupted?.(false),
    });
    this.connection = connection;
    await connection.open();
  }

  async send(body: string, tag?: string, to?: BrokerTarget): Promise<void> {
    const channel = this.connection?.channel;
    if (!channel) throw new Error(`Not connected to ${this.description}`);
    channel.sendToQueue(to?.address ?? this.options.queue, Buffer.from(body), {
      replyTo: this.replyQueue,
      ...(to && { headers: to.headers }),
      // The service copies it onto its answers: the request's reply tag.
      ...(tag !== undefined && { correlationId: tag }),
      ...(tag !== undefined &&
        this.requestTtlMs !== undefined && { expiration: this.requestTtlMs }),
    });
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}
