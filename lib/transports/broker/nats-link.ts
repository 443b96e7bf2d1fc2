import type { Msg, MsgHdrs, NatsConnection } from '@nats-io/transport-node';
import { loadOptionalPeer } from '../../engine/load-optional-peer.js';
import type {
  BrokerClientLink,
  BrokerDelivery,
  BrokerServerLink,
  BrokerTarget,
} from './broker-link.interface.js';
import type { McpNatsOptions } from './broker-options.interface.js';

type NatsModule = typeof import('@nats-io/transport-node');

/** Header a client-side link adds to the status message NATS sends when nobody listens. */
export const NO_RESPONDERS_HEADER = 'mcp-no-responders';

function loadNats(): Promise<NatsModule> {
  return loadOptionalPeer<NatsModule>('@nats-io/transport-node', 'The MCP NATS transport');
}

/**
 * Connects with reconnection never giving up (`maxReconnectAttempts: -1`, unless the options'
 * `connection` says otherwise): a broker restart must not leave a service deaf, nor a gateway
 * without the service, once the broker is back.
 */
async function connectNats(options: McpNatsOptions): Promise<[NatsModule, NatsConnection]> {
  const nats = await loadNats();
  const servers = typeof options.servers === 'string' ? [options.servers] : [...options.servers];
  const nc = await nats.connect({ maxReconnectAttempts: -1, ...options.connection, servers });
  return [nats, nc];
}

/** Reports the connection's drops (`true`) and reconnections (`false`) until it closes. */
async function watchConnection(nc: NatsConnection, onInterrupted: (down: boolean) => void) {
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') onInterrupted(true);
    else if (status.type === 'reconnect') onInterrupted(false);
  }
}

function headerRecord(headers: MsgHdrs | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  for (const key of headers.keys()) out[key.toLowerCase()] = headers.get(key);
  return out;
}

function natsHeaders(nats: NatsModule, record: Readonly<Record<string, string>>): MsgHdrs {
  const h = nats.headers();
  for (const [key, value] of Object.entries(record)) h.set(key, value);
  return h;
}

const describe = (subject: string) => `nats subject "${subject}"`;

/** A service's side on NATS: one queue-group subscription on the subject. */
export class NatsServerLink implements BrokerServerLink {
  readonly description: string;
  directAddress = '';
  private nc?: NatsConnection;

  constructor(private readonly options: McpNatsOptions) {
    this.description = describe(options.subject);
  }

  async listen(onMessage: (delivery: BrokerDelivery) => void): Promise<void> {
    const [nats, nc] = await connectNats(this.options);
    this.nc = nc;
    this.directAddress = nats.createInbox();
    const callback = (error: Error | null, msg: Msg) => {
      if (error) return;
      const reply = msg.reply;
      onMessage({
        body: msg.data,
        headers: headerRecord(msg.headers),
        reply: reply
          ? {
              address: reply,
              send: (body, headers) => {
                if (nc.isClosed()) return;
                nc.publish(reply, body, { headers: natsHeaders(nats, headers) });
              },
            }
          : undefined,
      });
    };
    nc.subscribe(this.options.subject, {
      queue: this.options.queue ?? this.options.subject,
      callback,
    });
    nc.subscribe(this.directAddress, { callback });
    await nc.flush();
  }

  async close(): Promise<void> {
    const nc = this.nc;
    this.nc = undefined;
    if (nc && !nc.isClosed()) await nc.close();
  }
}

/** The reply subject's last token of the messages sent with no tag (a session's answers). */
const UNTAGGED = '-';

/**
 * A client's side on NATS: requests published on the service's subject, each with its own reply
 * subject under one inbox the client subscribes to (`<inbox>.<tag>`), so every answer, NATS' "no
 * responders" status included, names the request it came for.
 */
export class NatsClientLink implements BrokerClientLink {
  readonly description: string;
  private nc?: NatsConnection;
  private nats?: NatsModule;
  private inbox = '';
  private closing = false;

  constructor(private readonly options: McpNatsOptions) {
    this.description = describe(options.subject);
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
    const [nats, nc] = await connectNats(this.options);
    if (onInterrupted) void watchConnection(nc, onInterrupted);
    this.nc = nc;
    this.nats = nats;
    this.inbox = nats.createInbox();
    const prefix = this.inbox.length + 1;
    nc.subscribe(`${this.inbox}.*`, {
      callback: (error, msg: Msg) => {
        if (error) return;
        const token = msg.subject.slice(prefix);
        const tag = token === UNTAGGED ? undefined : token;
        if (msg.headers?.code === 503) {
          onMessage(new Uint8Array(), { [NO_RESPONDERS_HEADER]: '1' }, tag);
          return;
        }
        onMessage(msg.data, headerRecord(msg.headers), tag);
      },
    });
    await nc.flush();
    void nc.closed().then((error) => {
      if (!this.closing)
        onClosed(error ?? new Error(`NATS connection to ${this.description} closed`));
    });
  }

  async send(body: string, tag?: string, to?: BrokerTarget): Promise<void> {
    const nc = this.nc;
    if (!nc || nc.isClosed()) throw new Error(`Not connected to ${this.description}`);
    const reply = `${this.inbox}.${tag ?? UNTAGGED}`;
    if (to) {
      nc.publish(to.address, body, { reply, headers: natsHeaders(this.nats!, to.headers) });
    } else {
      nc.publish(this.options.subject, body, { reply });
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    const nc = this.nc;
    this.nc = undefined;
    if (nc && !nc.isClosed()) await nc.close();
  }
}
