import type { Channel, ChannelModel } from 'amqplib';
import { loadOptionalPeer } from '../../engine/load-optional-peer.js';

type AmqpModule = typeof import('amqplib');

/** What an {@link AmqpConnection} tells its link about the connection's life. */
export interface AmqpConnectionEvents {
  /** The connection ended without `close()` (a broker restart); a new one is being opened. */
  lost(error: Error | undefined): void;
  /** A new connection is open and `declare` ran on it. */
  back(): void;
}

/**
 * One AMQP connection and channel kept open for a link: amqplib does not reconnect, so when the
 * connection ends without `close()` (a broker restart), `events.lost` is called and a new one is
 * opened, retried with backoff (250 ms doubling up to 5 s) until it succeeds; `declare` runs on
 * every new channel (queues, consumers), then `events.back`.
 */
export class AmqpConnection {
  private connection?: ChannelModel;
  private current?: Channel;
  private closing = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly declare: (channel: Channel) => Promise<void>,
    private readonly events: AmqpConnectionEvents,
  ) {}

  /** The open channel; undefined while reconnecting or after `close()`. */
  get channel(): Channel | undefined {
    return this.current;
  }

  /** Opens the first connection (throws when the broker cannot be reached). */
  async open(): Promise<void> {
    const connection = await this.connect();
    this.reopenAfterClose(connection);
  }

  /**
   * Closes the channel, then the connection: the channel's close is answered after the broker
   * took what was published on it (a session's end message); closing the connection alone may
   * drop it.
   */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.retry);
    const { connection, current } = this;
    this.connection = undefined;
    this.current = undefined;
    await current?.close().catch(() => {});
    await connection?.close().catch(() => {});
  }

  private reopenAfterClose(connection: ChannelModel): void {
    connection.on('close', (error?: Error) => {
      if (this.connection !== connection || this.closing) return;
      this.connection = undefined;
      this.current = undefined;
      this.events.lost(error);
      const attempt = (failures: number) => {
        this.retry = setTimeout(
          () => {
            this.connect().then(
              (next) => {
                this.reopenAfterClose(next);
                this.events.back();
              },
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

  /** Opens a connection and a channel, and declares what the link needs on it. */
  private async connect(): Promise<ChannelModel> {
    const amqp = await loadOptionalPeer<AmqpModule & { default?: AmqpModule }>(
      'amqplib',
      'The MCP RabbitMQ transport',
    );
    const connection = await (amqp.default ?? amqp).connect(this.url);
    connection.on('error', () => {}); // 'close' follows; an unhandled 'error' would crash the process
    if (this.closing) {
      await connection.close().catch(() => {});
      throw new Error('closed');
    }
    try {
      const channel = await connection.createChannel();
      channel.on('error', () => {});
      // Set before `declare`: its consumers may answer a message at once.
      this.connection = connection;
      this.current = channel;
      await this.declare(channel);
    } catch (error) {
      this.connection = undefined;
      this.current = undefined;
      await connection.close().catch(() => {});
      throw error;
    }
    return connection;
  }
}
