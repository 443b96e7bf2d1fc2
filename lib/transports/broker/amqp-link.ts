import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { loadOptionalPeer } from '../../engine/load-optional-peer.js';
import type {
  BrokerClientLink,
  BrokerDelivery,
  BrokerServerLink,
  BrokerTarget,
} from './broker-link.interface.js';
import type { McpRabbitMqOptions } from './broker-options.interface.js';

type AmqpModule = typeof import('amqplib');

async function openChannel(url: string): Promise<[ChannelModel, Channel]> {
  const amqp = await loadOptionalPeer<AmqpModule & { default?: AmqpModule }>(
    'amqplib',
    'The MCP RabbitMQ transport',
  );
  const connection = await (amqp.default ?? amqp).connect(url);
  connection.on('error', () => {}); // 'close' follows; an unhandled 'error' would crash the process
  const channel = await connection.createChannel();
  channel.on('error', () => {});
  return [connection, channel];
}

function headerRecord(message: ConsumeMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (typeof value === 'string') out[key.toLowerCase()] = value;
  }
  return out;
}

const describe = (queue: string) => `rabbitmq queue "${queue}"`;

/**
 * A service's side on RabbitMQ: a consumer of the work queue. Each message is acknowledged when
 * it is taken, so a replica that dies mid-call never has its request redelivered to another one
 * (a tool call may not be idempotent): the caller's liveness timeout fails it instead.
 */
export class AmqpServerLink implements BrokerServerLink {
  readonly description: string;
  directAddress = '';
  private connection?: ChannelModel;
  private closing = false;
  private retry?: NodeJS.Timeout;

  constructor(private readonly options: McpRabbitMqOptions) {
    this.description = describe(options.queue);
  }

  async listen(onMessage: (delivery: BrokerDelivery) => void): Promise<void> {
    const connection = await this.consume(onMessage);
    this.reconnectAfterClose(connection, onMessage);
  }

  /**
   * amqplib does not reconnect: when the connection ends without `close()` (a broker restart),
   * a new one is opened, retried with backoff (250 ms doubling up to 5 s) until it succeeds, so a
   * restarted broker never leaves the service deaf. Its own queue (`directAddress`) is new then:
   * the 2025-era sessions it held do not survive, their clients' liveness clocks fail their calls.
   */
  private reconnectAfterClose(
    connection: ChannelModel,
    onMessage: (delivery: BrokerDelivery) => void,
  ): void {
    connection.on('close', () => {
      if (this.connection !== connection || this.closing) return;
      this.connection = undefined;
      const attempt = (failures: number) => {
        this.retry = setTimeout(
          () => {
            this.consume(onMessage).then(
              (next) => this.reconnectAfterClose(next, onMessage),
              () => attempt(failures + 1),
            );
          },
          Math.min(5000, 250 * 2 ** failures),
        );
        this.retry.unref();
      };
      attempt(0);
    });
  }

  /** Opens a connection, consumes the work queue and the replica's own queue. */
  private async consume(onMessage: (delivery: BrokerDelivery) => void): Promise<ChannelModel> {
    const [connection, channel] = await openChannel(this.options.url);
    if (this.closing) {
      await connection.close().catch(() => {});
      throw new Error(`${this.description}: closed`);
    }
    this.connection = connection;
    try {
      await this.subscribe(channel, onMessage);
    } catch (error) {
      this.connection = undefined;
      await connection.close().catch(() => {});
      throw error;
    }
    return connection;
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
              send: (body, headers) => {
                try {
                  channel.sendToQueue(replyTo, Buffer.from(body), {
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
    const own = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    this.directAddress = own.queue;
    await channel.consume(own.queue, consume);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close().catch(() => {});
  }
}

/**
 * A client's side on RabbitMQ: requests sent to the work queue with `replyTo` naming the
 * client's own exclusive queue, where every answer (notifications, keep-alives, the response)
 * arrives.
 */
export class AmqpClientLink implements BrokerClientLink {
  readonly description: string;
  private connection?: ChannelModel;
  private channel?: Channel;
  private replyQueue = '';
  private closing = false;

  constructor(private readonly options: McpRabbitMqOptions) {
    this.description = describe(options.queue);
  }

  async start(
    onMessage: (body: Uint8Array, headers: Readonly<Record<string, string>>) => void,
    onClosed: (error: Error) => void,
  ): Promise<void> {
    const [connection, channel] = await openChannel(this.options.url);
    this.connection = connection;
    this.channel = channel;
    connection.on('close', (error?: Error) => {
      if (!this.closing) {
        onClosed(error ?? new Error(`RabbitMQ connection to ${this.description} closed`));
      }
    });
    await channel.assertQueue(this.options.queue, { durable: false });
    const reply = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    this.replyQueue = reply.queue;
    await channel.consume(
      reply.queue,
      (message) => {
        if (message) onMessage(message.content, headerRecord(message));
      },
      { noAck: true },
    );
  }

  async send(body: string, requestId?: string, to?: BrokerTarget): Promise<void> {
    const channel = this.channel;
    if (!channel) throw new Error(`Not connected to ${this.description}`);
    channel.sendToQueue(to?.address ?? this.options.queue, Buffer.from(body), {
      replyTo: this.replyQueue,
      ...(to && { headers: to.headers }),
      ...(requestId !== undefined && { correlationId: requestId }),
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    const connection = this.connection;
    const channel = this.channel;
    this.connection = undefined;
    this.channel = undefined;
    // The channel's close is answered after the broker took what was published on it (the
    // session's end message); closing the connection alone may drop it.
    await channel?.close().catch(() => {});
    await connection?.close().catch(() => {});
  }
}
