import { randomUUID } from 'node:crypto';
import { Subject, type Observable } from 'rxjs';
import type { ClientTransport } from '../../client/client-transport.interface.js';
import { relateToRequest } from '../../engine/related-request.js';
import { TransportError } from '../../errors/transport.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import {
  errorResponse,
  isJsonRpcRequest,
  parseJson,
  toJsonRpcMessage,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from '../../protocol/json-rpc.js';
import { encodeForSending } from '../shared/encode-outgoing.js';
import { AmqpClientLink } from './amqp-link.js';
import {
  CALL_ADDRESS_HEADER,
  CALL_HEADER,
  KEEPALIVE_HEADER,
  REQUEST_ID_HEADER,
  SESSION_ADDRESS_HEADER,
  SESSION_END_HEADER,
  SESSION_ID_HEADER,
  type BrokerClientLink,
  type BrokerTarget,
} from './broker-link.interface.js';
import type { McpBrokerEndpoint } from './broker-options.interface.js';
import { IdempotentCalls } from './idempotent-calls.js';
import { NatsClientLink, NO_RESPONDERS_HEADER } from './nats-link.js';
import { StrayReplies, strayReason } from './stray-replies.js';

/** Options of {@link BrokerClientTransport}. */
export interface BrokerClientTransportOptions {
  /**
   * A request fails when nothing arrives for it (keep-alive, notification, response) for this
   * long (ms): the replica serving it died, or none took it. Keep it above the service's
   * `keepAliveMs` (default 2000). Default 10 000. On RabbitMQ it is also each request's message
   * TTL: a request no replica took within that time is dropped by the broker, so it never runs
   * after its caller gave up on it.
   */
  livenessMs?: number | undefined;
}

const DEFAULT_LIVENESS_MS = 10_000;
const decoder = new TextDecoder();

/** A request waiting for its response: its liveness clock, and what a retry needs. */
interface PendingRequest {
  timer: NodeJS.Timeout;
  readonly request: JsonRpcRequest;
  /** Its reply tag: its answers come on the reply address given with it only. */
  readonly tag: string;
  /** The text to send again after a dead replica; absent: the request is never retried. */
  readonly retryText?: string | undefined;
  retried: boolean;
  /** Sent in a 2025-era session (to its replica's own address). */
  readonly inSession: boolean;
  /** Where a cancel of this stateless call goes (learned from its first keep-alive). */
  call?: BrokerTarget | undefined;
  /** The `notifications/cancelled` text sent before the call's replica was known. */
  cancel?: string | undefined;
}

/**
 * MCP client transport over a broker (NATS request subject, RabbitMQ work queue): each JSON-RPC
 * message is published unchanged to the service's address with the client's reply address;
 * answers (notifications, keep-alives, the response) come back tagged with their request id.
 * Both eras: 2026-07-28 requests go to the shared address (any replica); a 2025-era `initialize`
 * opens a session on the replica that takes it, and every later message of the session
 * (requests, answers to the service's elicitation and sampling requests, cancellations) goes to
 * that replica's own address; `close()` ends the session there. A request whose service goes
 * quiet for `livenessMs`, or that no replica listens for (NATS), fails with a `-32603` naming
 * the address, never hangs. A stateless (2026-07-28) read that goes quiet (`tools/list`,
 * `resources/read`, a tool annotated `readOnlyHint` or `idempotentHint`...) is sent once more
 * to the shared address, where another replica takes it; anything else fails, never runs twice.
 * When the connection to the broker drops (a broker restart), the requests in flight and those
 * sent before the link reconnected fail at once, saying so.
 */
export class BrokerClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private readonly interruptions = new Subject<boolean>();
  private readonly pending = new Map<string, PendingRequest>();
  /** The reply tag of each pending request (see `BrokerClientLink.send`) → its key. */
  private readonly tags = new Map<string, string>();
  private readonly idempotent = new IdempotentCalls();
  private readonly strays: StrayReplies;
  private readonly livenessMs: number;
  private ended = false;
  /** The connection to the broker dropped and the link is reconnecting. */
  private interrupted = false;
  /** The 2025-era session this client holds: its id and its replica's address. */
  private session?: BrokerTarget;

  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  readonly errors$: Observable<Error> = this.errors.asObservable();
  /** `true` when the connection to the broker drops, `false` once the link reconnected. */
  readonly interrupted$: Observable<boolean> = this.interruptions.asObservable();
  closeError: Error | undefined;

  constructor(
    private readonly link: BrokerClientLink,
    options: BrokerClientTransportOptions = {},
  ) {
    this.livenessMs = options.livenessMs ?? DEFAULT_LIVENESS_MS;
    this.strays = new StrayReplies(link.description, (error) => this.errors.next(error));
  }

  /** A transport to the service at `endpoint` (NATS or RabbitMQ). */
  static to(endpoint: McpBrokerEndpoint, options?: BrokerClientTransportOptions) {
    const link = endpoint.nats
      ? new NatsClientLink(endpoint.nats)
      : new AmqpClientLink(endpoint.rabbitmq!, options?.livenessMs ?? DEFAULT_LIVENESS_MS);
    return new BrokerClientTransport(link, options);
  }

  async start(): Promise<void> {
    try {
      await this.link.start(
        (body, headers, tag) => this.receive(body, headers, tag),
        (error) => this.end(error),
        (interrupted) => this.interrupt(interrupted),
      );
    } catch (error) {
      throw new TransportError(
        `Cannot connect to ${this.link.description}: ${(error as Error).message}`,
        'refused',
        undefined,
        { cause: error },
      );
    }
  }

  async send(message: JsonRpcMessage): Promise<void> {
    if (this.ended)
      throw new TransportError(`${this.link.description}: transport closed`, 'closed');
    const text = encodeForSending(message);
    if (this.session === undefined && isCancel(message)) return this.cancel(message, text);
    const request = isJsonRpcRequest(message) ? message : undefined;
    const key = request ? JSON.stringify(request.id) : undefined;
    // Unguessable: a reply must come on the address given with this request only.
    const tag = request ? randomUUID() : undefined;
    if (request && key !== undefined && tag !== undefined) {
      this.tags.set(tag, key);
      // A session's calls live on its replica: they cannot move to another one.
      const retryable = this.session === undefined && this.idempotent.allows(request);
      this.pending.set(key, {
        timer: this.clock(key),
        request,
        tag,
        retryText: retryable ? text : undefined,
        retried: false,
        inSession: this.session !== undefined,
      });
      if (this.interrupted) {
        // Fails fast rather than parked in the link's buffer until the broker is back.
        queueMicrotask(() => this.fail(key, 'not connected to the broker (reconnecting)'));
        return;
      }
    }
    try {
      await this.link.send(text, tag, this.session);
    } catch (error) {
      if (key !== undefined) this.forget(key);
      throw new TransportError(
        `Cannot send to ${this.link.description}: ${(error as Error).message}`,
        'closed',
        undefined,
        { cause: error },
      );
    }
  }

  /**
   * A stateless call's cancel goes to the replica running it, with the call's token (both from
   * its keep-alives), never to the shared address where any replica would take it; a cancel
   * sent before the first keep-alive waits for it. A cancel of a call no longer pending is moot.
   */
  private async cancel(message: JsonRpcNotification, text: string): Promise<void> {
    const pending = this.pending.get(JSON.stringify(message.params?.requestId));
    if (!pending) return;
    if (pending.call) await this.link.send(text, undefined, pending.call).catch(() => {});
    else pending.cancel = text;
  }

  /** Forgets the session, so the next `initialize` opens a new one. */
  resetSession(): void {
    this.session = undefined;
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const session = this.session;
    if (session) {
      this.session = undefined;
      const end = { ...session.headers, [SESSION_END_HEADER]: '1' };
      await this.link
        .send('', undefined, { address: session.address, headers: end })
        .catch(() => {});
    }
    this.stopClocks();
    await this.link.close();
    this.completeStreams();
  }

  /**
   * One message on the client's reply address. `tag` is the reply tag of the request whose reply
   * address it came on: a message naming a request (its response, keep-alives, notifications)
   * is taken only on that request's own address while it is pending; anything else is dropped
   * and reported once per kind ({@link strayReason}), never delivered to another call.
   */
  private receive(
    body: Uint8Array,
    headers: Readonly<Record<string, string>>,
    tag: string | undefined,
  ): void {
    const via = tag === undefined ? undefined : this.tags.get(tag);
    if (headers[NO_RESPONDERS_HEADER]) {
      if (via !== undefined) this.fail(via, `no replica of ${this.link.description} is listening`);
      return;
    }
    let message: JsonRpcMessage | undefined;
    if (!headers[KEEPALIVE_HEADER]) {
      try {
        message = toJsonRpcMessage(parseJson(decoder.decode(body)));
      } catch (error) {
        this.strays.drop('unreadable', (error as Error).message);
        return;
      }
    }
    const response = message && !('method' in message) ? message : undefined;
    const claimed =
      response && response.id !== null ? JSON.stringify(response.id) : headers[REQUEST_ID_HEADER];
    const stray = strayReason(
      { message, claimed, via, inSession: this.session !== undefined },
      (key) => this.pending.has(key),
    );
    if (stray) {
      this.strays.drop(stray);
      return;
    }
    if (via !== undefined) {
      this.watch(via);
      const token = headers[CALL_HEADER];
      const address = headers[CALL_ADDRESS_HEADER];
      if (token !== undefined && address !== undefined) this.learnCall(via, address, token);
    }
    if (!message) return; // a keep-alive
    if (response && via !== undefined) {
      this.learnSession(headers);
      this.idempotent.learn(this.pending.get(via)!.request, response);
      this.forget(via);
    } else if (via !== undefined && headers[REQUEST_ID_HEADER] === via) {
      // A notification or request tagged with a call, on its replies, belongs to that call (its
      // log messages); a session's untagged ones may come on any reply address of the client.
      relateToRequest(message, JSON.parse(via) as RequestId);
    }
    this.messages.next(message);
  }

  /** An `initialize` response names the session and the replica holding it. */
  private learnSession(headers: Readonly<Record<string, string>>): void {
    const address = headers[SESSION_ADDRESS_HEADER];
    const sessionId = headers[SESSION_ID_HEADER];
    if (address !== undefined && sessionId !== undefined) {
      this.session = { address, headers: { [SESSION_ID_HEADER]: sessionId } };
    }
  }

  /**
   * The connection to the broker dropped (`true`): every request in flight fails at once, since
   * its messages are lost (the service may still run it, so none is sent again); requests sent
   * before it is back (`false`) fail at once too.
   */
  private interrupt(interrupted: boolean): void {
    if (this.ended || this.interrupted === interrupted) return;
    this.interrupted = interrupted;
    this.interruptions.next(interrupted);
    if (!interrupted) return;
    for (const key of [...this.pending.keys()]) {
      this.fail(
        key,
        'the connection to the broker was lost while the request was in flight (it may have run; not sent again)',
      );
    }
  }

  /** A keep-alive named where the call runs: a cancel that waited for it goes now. */
  private learnCall(key: string, address: string, token: string): void {
    const pending = this.pending.get(key)!;
    if (pending.call) return;
    pending.call = { address, headers: { [CALL_HEADER]: token } };
    if (pending.cancel !== undefined) {
      this.link.send(pending.cancel, undefined, pending.call).catch(() => {});
      pending.cancel = undefined;
    }
  }

  /** Restarts the liveness clock of a pending request. */
  private watch(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.timer = this.clock(key);
  }

  private clock(key: string): NodeJS.Timeout {
    const timer = setTimeout(() => this.quiet(key), this.livenessMs);
    timer.unref();
    return timer;
  }

  /** Nothing arrived for a request for `livenessMs`: send a read again once, else fail it. */
  private quiet(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    const silence = `no answer for ${this.livenessMs} ms (the replica serving the request may have died)`;
    if (pending.retryText === undefined || pending.retried || this.ended) {
      this.fail(key, `${silence}; ${this.notRetried(pending)}`);
      return;
    }
    pending.retried = true;
    pending.timer = this.clock(key);
    this.link.send(pending.retryText, pending.tag).catch((error: unknown) => {
      this.fail(key, `${silence}; the retry could not be sent: ${(error as Error).message}`);
    });
  }

  /** Why a quiet request was not (or no more) sent again. */
  private notRetried({ request, retryText, retried, inSession }: PendingRequest): string {
    if (retried) return 'its retry on another replica got no answer either';
    if (retryText !== undefined) return 'not retried: the transport closed';
    if (inSession) {
      return `not retried: ${request.method} belongs to a session, which lives on that replica`;
    }
    return `not retried: ${request.method} is not known to be idempotent (it may have run)`;
  }

  private forget(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    this.tags.delete(pending.tag);
  }

  private stopClocks(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.tags.clear();
  }

  /** Answers a pending request with the transport's error, as if the service had. */
  private fail(key: string, reason: string): void {
    this.forget(key);
    const id = JSON.parse(key) as RequestId;
    this.messages.next(
      errorResponse(id, {
        code: ErrorCode.InternalError,
        message: `MCP service at ${this.link.description} failed: ${reason}`,
        data: { transport: 'broker' },
      }),
    );
  }

  private end(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.stopClocks();
    this.closeError = new TransportError(
      `${this.link.description}: ${error.message}`,
      'closed',
      undefined,
      { cause: error },
    );
    this.errors.next(this.closeError);
    this.completeStreams();
  }

  private completeStreams(): void {
    this.messages.complete();
    this.errors.complete();
    this.interruptions.complete();
  }
}

function isCancel(message: JsonRpcMessage): message is JsonRpcNotification {
  return 'method' in message && !('id' in message) && message.method === 'notifications/cancelled';
}
