import { randomUUID } from 'node:crypto';
import { IdleExpiry } from '../../engine/idle-expiry.js';
import { LazyAbort } from '../../engine/lazy-abort.js';
import { ModernCall } from '../../engine/modern-call.js';
import {
  PRINCIPAL_CLAIM_META_KEY,
  verifyPrincipalClaim,
  type PrincipalClaimKey,
} from '../../engine/principal-claim.js';
import type { RequestOutlet } from '../../engine/request-outlet.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import { CAPACITY_ERROR_CODE } from '../../errors/capacity.error.js';
import { McpError } from '../../errors/mcp.error.js';
import { encodeMessage } from '../../protocol/encode-message.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { DEFAULT_MAX_JSON_DEPTH } from '../../protocol/json-depth.js';
import {
  errorResponse,
  idOfInvalidMessage,
  isJsonRpcRequest,
  parseJson,
  resultResponse,
  toJsonRpcMessage,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
} from '../../protocol/json-rpc.js';
import {
  metaOf,
  parseModernEnvelope,
  unsupportedVersion,
} from '../../protocol/modern/modern-envelope.js';
import { hasModernMeta } from '../../protocol/modern/protocol-eras.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import {
  CALL_ADDRESS_HEADER,
  CALL_HEADER,
  KEEPALIVE_HEADER,
  REQUEST_ID_HEADER,
  SESSION_END_HEADER,
  SESSION_ID_HEADER,
  type BrokerDelivery,
  type BrokerReplyTo,
  type BrokerServerLink,
} from './broker-link.interface.js';
import { BrokerSession, type BrokerSessionHost } from './broker-session.js';

/** Verification of the principal claims a gateway signs (see `McpGatewayModule`'s `principalClaims`). */
export interface BrokerPrincipalClaims extends PrincipalClaimKey {
  /** This service's name in the gateway's `mcpServers` map: claims signed for another are refused. */
  audience: string;
  /** Refuse requests that carry no claim (default `false`: they run anonymous). */
  required?: boolean | undefined;
}

/** Options of a service's MCP endpoint on a broker. */
export interface McpBrokerServerOptions {
  /** Verify the gateway's principal claims; without it a claim is removed unread and calls run anonymous. */
  principalClaims?: BrokerPrincipalClaims | undefined;
  /**
   * While a request runs, a keep-alive goes to its caller this often (ms), so a caller tells a
   * slow call from a dead replica. Default 2000.
   */
  keepAliveMs?: number | undefined;
  /** Largest message taken, in bytes; a larger one is answered `-32600`. Default 1 MiB. */
  maxMessageBytes?: number | undefined;
  /** Deepest JSON nesting taken. Default 64. */
  maxJsonDepth?: number | undefined;
  /**
   * A 2025-era session no message arrived for in this long (ms) ends (its client went without
   * closing it). Default 30 minutes.
   */
  sessionIdleMs?: number | undefined;
  /**
   * Stateless (2026-07-28) calls this replica runs at once; one more is answered at once with a
   * `-32000` capacity error (`data.limit: 'maxConcurrentCalls'`) instead of piling up in memory
   * (neither NATS nor a RabbitMQ replica, which takes each message as it comes, holds them back).
   * Default 256.
   */
  maxConcurrentCalls?: number | undefined;
}

/** The request-like object a broker call carries: what guards read through `switchToHttp().getRequest()`. */
export interface BrokerRequest {
  /** Always empty: broker headers are the transport's, not the caller's. */
  readonly headers: Record<string, string>;
  /** The user of a verified principal claim, as the gateway's auth layer set it. */
  readonly user?: unknown;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Serves an MCP server on a broker (a NATS queue group, a RabbitMQ work queue), the JSON-RPC
 * messages carried unchanged. A 2026-07-28 stateless request is dispatched through
 * `dispatchModern` like a Streamable HTTP POST, so tools, guards, interceptors, pipes and request
 * scope run as they do over HTTP; its notifications (progress, logs), keep-alives and the
 * response go to the message's reply address, tagged with the request id. A 2025-era
 * `initialize` opens a session on the replica that took it ({@link BrokerSession}); the client
 * sends the rest of the session to that replica's own address. Garbage gets a JSON-RPC error
 * where there is a reply address and is logged once. Messages taken before `ready` settles (the
 * app's handlers registered) wait for it, in order.
 */
export class McpBrokerServer {
  private readonly running = new Set<LazyAbort>();
  /** The stateless calls a client may cancel: those that sent a keep-alive, by call token. */
  private readonly cancellable = new Map<string, LazyAbort>();
  private readonly keepAliveMs: number;
  private readonly maxBytes: number;
  private readonly maxCalls: number;
  private readonly sessions = new Map<string, BrokerSession>();
  private readonly idle: IdleExpiry<string>;
  private readonly sessionHost: BrokerSessionHost;
  /** Settles once every handler is registered; messages that come before wait for it. */
  private ready: Promise<void> | undefined;
  /** The extra of a session's notifications and responses (no principal claim to read). */
  private readonly plainExtra: MessageExtra = {
    transport: { kind: 'broker', request: { headers: {} }, raw: undefined },
  };

  constructor(
    private readonly server: McpServerPort,
    private readonly link: BrokerServerLink,
    private readonly options: McpBrokerServerOptions = {},
    ready?: Promise<void>,
  ) {
    this.ready = ready?.then(() => void (this.ready = undefined));
    this.keepAliveMs = options.keepAliveMs ?? 2000;
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
    this.maxCalls = options.maxConcurrentCalls ?? 256;
    this.idle = new IdleExpiry(options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS, (id) =>
      this.sessions.get(id)?.close('The session idled out', 'expired'),
    );
    this.sessionHost = {
      server,
      keepAliveMs: this.keepAliveMs,
      directAddress: () => this.link.directAddress,
      ended: (id) => {
        this.sessions.delete(id);
        this.idle.delete(id);
      },
    };
  }

  /** Where the server listens (`nats subject "mcp.weather"`). */
  get description(): string {
    return this.link.description;
  }

  /** Connects to the broker and starts serving. */
  listen(): Promise<void> {
    return this.link.listen((delivery) => void this.receive(delivery));
  }

  /** Stops taking messages, aborts the running calls and closes the connection. */
  async close(): Promise<void> {
    for (const abort of this.running) abort.abort(new Error('The MCP service is closing'));
    for (const session of [...this.sessions.values()]) {
      session.close('The MCP service is closing', 'shutdown');
    }
    this.idle.clear();
    await this.link.close();
  }

  /** The 2025-era sessions this replica holds now. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  private async receive({ body, headers, reply }: BrokerDelivery): Promise<void> {
    if (this.ready !== undefined) await this.ready;
    const sessionId = headers[SESSION_ID_HEADER];
    if (sessionId !== undefined && headers[SESSION_END_HEADER]) {
      this.sessions.get(sessionId)?.close('The client ended the session', 'deleted');
      return;
    }
    let message: JsonRpcMessage;
    try {
      if (body.byteLength > this.maxBytes) {
        throw McpError.invalidRequest(`Message larger than ${this.maxBytes} bytes`);
      }
      message = toJsonRpcMessage(
        parseJson(decodeText(body)),
        this.options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH,
      );
    } catch (error) {
      const mcp = error instanceof McpError ? error : McpError.invalidRequest('Unreadable message');
      this.refuse('garbage', `${mcp.message}`);
      if (reply) this.send(reply, errorResponse(idOfInvalidMessage(mcp), mcp.toJson()), null);
      return;
    }
    if (sessionId !== undefined) {
      this.toSession(sessionId, message, reply);
      return;
    }
    // Stateless: a cancel names its call by token (see CALL_HEADER); other notifications and
    // stray responses need nothing.
    if (!isJsonRpcRequest(message)) {
      const token = headers[CALL_HEADER];
      if (
        token !== undefined &&
        'method' in message &&
        message.method === 'notifications/cancelled'
      ) {
        const reason = (message.params as { reason?: unknown } | undefined)?.reason;
        this.cancellable.get(token)?.abort(typeof reason === 'string' ? reason : 'Cancelled');
      }
      return;
    }
    if (!reply) {
      this.refuse('no-reply', `A ${message.method} request without a reply address`);
      return;
    }
    if (this.opensSession(message)) this.openSession(message, reply);
    else if (this.running.size >= this.maxCalls) this.busy(message, reply);
    else await this.serve(message, reply);
  }

  /** A 2025-era `initialize`, on a server that serves that era. */
  private opensSession(request: JsonRpcRequest): boolean {
    return (
      request.method === 'initialize' &&
      this.server.protocolEras !== 'modern' &&
      !hasModernMeta(request.params)
    );
  }

  private openSession(request: JsonRpcRequest, reply: BrokerReplyTo): void {
    const id = randomUUID();
    try {
      this.sessions.set(id, new BrokerSession(id, this.sessionHost, reply));
    } catch (error) {
      const mcp =
        error instanceof McpError
          ? error
          : new McpError(ErrorCode.InternalError, (error as Error).message);
      this.send(reply, errorResponse(request.id, mcp.toJson()), request.id);
      return;
    }
    this.toSession(id, request, reply);
  }

  /** One message of a session: to the session this replica holds, else `Session not found`. */
  private toSession(id: string, message: JsonRpcMessage, reply: BrokerReplyTo | undefined): void {
    const session = this.sessions.get(id);
    if (!session) {
      if (reply && isJsonRpcRequest(message)) {
        const error = McpError.invalidRequest('Session not found');
        this.send(reply, errorResponse(message.id, error.toJson()), message.id);
      }
      return;
    }
    this.idle.touch(id);
    let extra = this.plainExtra;
    if (isJsonRpcRequest(message)) {
      try {
        const caller = this.caller(message);
        const transport: TransportInfo = {
          kind: 'broker',
          request: caller.request,
          raw: caller.request,
        };
        extra = {
          transport,
          ...(caller.principal !== undefined && { principal: caller.principal }),
        };
      } catch (error) {
        if (reply)
          this.send(reply, errorResponse(message.id, (error as McpError).toJson()), message.id);
        return;
      }
    }
    session.receive(message, reply, extra);
  }

  private async serve(request: JsonRpcRequest, reply: BrokerReplyTo): Promise<void> {
    const abort = new LazyAbort();
    // Made at the first keep-alive: a call that ends before it costs nothing, one that runs on
    // becomes cancellable by the token its keep-alives carry.
    let token: string | undefined;
    let aliveHeaders: Record<string, string> | undefined;
    const keepAlive = setInterval(() => {
      if (aliveHeaders === undefined) {
        token = randomUUID();
        this.cancellable.set(token, abort);
        aliveHeaders = {
          [REQUEST_ID_HEADER]: JSON.stringify(request.id),
          [KEEPALIVE_HEADER]: '1',
          [CALL_HEADER]: token,
          [CALL_ADDRESS_HEADER]: this.link.directAddress,
        };
      }
      reply.send('', aliveHeaders);
    }, this.keepAliveMs);
    keepAlive.unref();
    this.running.add(abort);
    try {
      const protocol = this.envelope(request);
      const caller = this.caller(request);
      const outlet: RequestOutlet = {
        notify: (method, params) =>
          this.send(reply, { jsonrpc: '2.0', method, ...(params && { params }) }, request.id),
      };
      const transport: TransportInfo = {
        kind: 'broker',
        request: caller.request,
        raw: caller.request,
      };
      const call = new ModernCall(protocol, outlet, transport, abort, caller.principal);
      const result = await this.server.dispatchModern(request, call);
      this.send(reply, resultResponse(request.id, result), request.id);
    } catch (error) {
      const mcp =
        error instanceof McpError
          ? error
          : (this.server.reportError(error, `Handler of ${request.method} failed`) ??
            McpError.internal());
      this.send(reply, errorResponse(request.id, mcp.toJson()), request.id);
    } finally {
      clearInterval(keepAlive);
      this.running.delete(abort);
      if (token !== undefined) this.cancellable.delete(token);
    }
  }

  /** Refuses a call over `maxConcurrentCalls`: the caller learns it at once, nothing waits. */
  private busy(request: JsonRpcRequest, reply: BrokerReplyTo): void {
    const message = `Too many calls running on this replica (limit ${this.maxCalls})`;
    this.refuse('busy', message);
    const data = { limit: 'maxConcurrentCalls', max: this.maxCalls, retryAfterSeconds: 1 };
    const error = new McpError(CAPACITY_ERROR_CODE, message, data);
    this.send(reply, errorResponse(request.id, error.toJson()), request.id);
  }

  private envelope(request: JsonRpcRequest) {
    if (request.method === 'initialize' && !hasModernMeta(request.params)) {
      // A 2025-era client: this transport serves the stateless era only.
      const asked = (request.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      throw unsupportedVersion(String(asked ?? ''), this.server.supportedVersions);
    }
    return parseModernEnvelope(request.params, this.server.supportedVersions);
  }

  /** Who calls: the verified claim's principal and user, removed from `_meta` before dispatch. */
  private caller(request: JsonRpcRequest): { principal?: string; request: BrokerRequest } {
    const meta = metaOf(request.params);
    const token = meta?.[PRINCIPAL_CLAIM_META_KEY];
    if (meta && token !== undefined) delete meta[PRINCIPAL_CLAIM_META_KEY];
    const claims = this.options.principalClaims;
    if (!claims) return { request: { headers: {} } };
    if (token === undefined) {
      if (claims.required) throw McpError.invalidRequest('A principal claim is required');
      return { request: { headers: {} } };
    }
    const verified = verifyPrincipalClaim(claims, claims.audience, token);
    if ('refused' in verified) {
      this.refuse('principal-claim', `Principal claim refused: ${verified.refused}`);
      throw new McpError(
        ErrorCode.InvalidRequest,
        `The principal claim was refused: ${verified.refused}`,
      );
    }
    return {
      principal: verified.sub,
      request: { headers: {}, ...(verified.user !== undefined && { user: verified.user }) },
    };
  }

  private send(reply: BrokerReplyTo, message: JsonRpcMessage, id: RequestId | null): void {
    const text = encodeMessage(message, reportEncodeFailure(this.server));
    if (text === undefined) return;
    reply.send(text, id === null ? {} : { [REQUEST_ID_HEADER]: JSON.stringify(id) });
  }

  /** Logs a refused message once per kind and endpoint (the text may come from anyone on the broker). */
  private refuse(kind: string, message: string): void {
    const log = this.server.reportClientErrorOnce;
    if (log) {
      log.call(
        this.server,
        'broker',
        `${kind}:${this.link.description}`,
        () => `${this.link.description}: ${message} (further ones are not logged)`,
      );
    }
  }
}

function decodeText(body: Uint8Array): string {
  try {
    return decoder.decode(body);
  } catch {
    throw new McpError(ErrorCode.ParseError, 'Parse error: the message is not UTF-8');
  }
}
