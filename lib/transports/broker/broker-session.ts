import type { McpSessionEndCause } from '../../engine/session-end-cause.js';
import type {
  McpSessionSink,
  MessageExtra,
  OutboundMessage,
} from '../../engine/session-message.interface.js';
import { encodeMessage } from '../../protocol/encode-message.js';
import { isJsonRpcRequest, type JsonRpcMessage, type RequestId } from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import {
  KEEPALIVE_HEADER,
  REQUEST_ID_HEADER,
  SESSION_ADDRESS_HEADER,
  SESSION_ID_HEADER,
  type BrokerReplyTo,
} from './broker-link.interface.js';

/** What a {@link BrokerSession} needs from the server that holds it. */
export interface BrokerSessionHost {
  readonly server: Pick<McpServerPort, 'createSession' | 'reportError'>;
  /** This replica's own address, told to the client in the `initialize` response. */
  directAddress(): string;
  /** Keep-alive period of the session's running requests (ms). */
  readonly keepAliveMs: number;
  /** Called once when the session ends (the host forgets it). */
  ended(id: string): void;
}

/**
 * One 2025-era MCP session served over a broker, on the replica that took its `initialize`: the
 * client's messages (sent to this replica's own address, tagged with the session id) go to the
 * session, and what the session emits goes back to a reply address of the client: a request's
 * notifications, server-to-client requests and response to the reply address of that request
 * (tagged with its id, so the client's liveness clock sees them), anything else to the address
 * the client last wrote from. While requests run, each gets a keep-alive every `keepAliveMs`.
 */
export class BrokerSession implements McpSessionSink {
  readonly session: McpSessionPort;
  /** The reply address of each request running now (JSON-encoded id → address). */
  private readonly running = new Map<string, BrokerReplyTo>();
  private latest: BrokerReplyTo;
  /** The `initialize` request's id: its response tells the client this replica's address. */
  private initializeKey?: string;
  private keepAlive?: NodeJS.Timeout;
  private readonly encodeFailure;

  constructor(
    readonly id: string,
    private readonly host: BrokerSessionHost,
    reply: BrokerReplyTo,
  ) {
    this.latest = reply;
    this.encodeFailure = reportEncodeFailure(host.server);
    // Throws a CapacityError over a session cap (the caller answers it).
    this.session = host.server.createSession(id, 'broker', {});
    this.session.bind(this);
  }

  /** Feeds one client message of the session, answered on `reply` when it is a request. */
  receive(message: JsonRpcMessage, reply: BrokerReplyTo | undefined, extra: MessageExtra): void {
    if (reply) this.latest = reply;
    if (reply && isJsonRpcRequest(message)) {
      const key = JSON.stringify(message.id);
      if (message.method === 'initialize') this.initializeKey = key;
      this.running.set(key, reply);
      this.keepAlive ??= this.startKeepAlive();
    }
    void this.session.receive(message, extra)?.catch(() => {});
  }

  /** Ends the session (the client closed it, it idled out, or the service is closing). */
  close(reason: string, cause: McpSessionEndCause): void {
    this.session.close(reason, cause);
  }

  deliver({ message, relatedRequestId }: OutboundMessage): void {
    const isResponse = !('method' in message);
    const related = relatedRequestId ?? (isResponse ? message.id : undefined);
    const key = related === undefined || related === null ? undefined : JSON.stringify(related);
    const to = (key !== undefined && this.running.get(key)) || this.latest;
    const headers: Record<string, string> = { [SESSION_ID_HEADER]: this.id };
    if (key !== undefined) headers[REQUEST_ID_HEADER] = key;
    if (isResponse && key !== undefined && this.running.delete(key)) {
      if (key === this.initializeKey) headers[SESSION_ADDRESS_HEADER] = this.host.directAddress();
      this.stopKeepAliveIfIdle();
    }
    const text = encodeMessage(message, this.encodeFailure);
    if (text !== undefined) to.send(text, headers);
  }

  abandoned(id: RequestId): void {
    this.running.delete(JSON.stringify(id));
    this.stopKeepAliveIfIdle();
  }

  closed(): void {
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
    this.running.clear();
    this.host.ended(this.id);
  }

  private startKeepAlive(): NodeJS.Timeout {
    const timer = setInterval(() => {
      for (const [key, reply] of this.running) {
        reply.send('', { [REQUEST_ID_HEADER]: key, [KEEPALIVE_HEADER]: '1' });
      }
    }, this.host.keepAliveMs);
    timer.unref();
    return timer;
  }

  private stopKeepAliveIfIdle(): void {
    if (this.running.size > 0) return;
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}
