import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpError } from '../../errors/mcp.error.js';
import { CapacityError } from '../../errors/capacity.error.js';
import { retryAfterHeader } from '../shared/http/http-refusal.js';
import { STORE_RETRY_AFTER_SECONDS } from '../../errors/store-unavailable.error.js';
import { LazyAbort } from '../../engine/lazy-abort.js';
import type { RequestOutlet } from '../../engine/request-outlet.interface.js';
import type { ModernDispatch } from '../../engine/request-outlet.interface.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import { httpTransportInfo } from './http-transport-info.js';
import {
  isJsonRpcRequest,
  type JsonRpcMessage,
  type JsonRpcRequest,
} from '../../protocol/json-rpc.js';
import { parseModernEnvelope, unsupportedVersion } from '../../protocol/modern/modern-envelope.js';
import { hasModernMeta } from '../../protocol/modern/protocol-eras.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import { writeEmpty, writeJsonText, writeSizedJson } from '../shared/http/http-response.js';
import {
  encodeMessage,
  encodeMessageBytes,
  encodeResultWithMembers,
  type EncodeFailureReport,
  type SizedJson,
} from '../../protocol/encode-message.js';
import { encodeSseComment, encodeSseEvent, messageEvent } from '../shared/sse/sse-event.js';
import { checkParamHeaders, checkStandardHeaders, checkVersionHeader } from './modern-headers.js';
import { modernErrorStatus } from './modern-status.js';
import {
  sharedTimeouts,
  type RunningTimeout,
  type TimeoutTarget,
} from '../../engine/shared-timeouts.js';

/**
 * One stateless 2026-07-28 POST (plan §4.3): no session, no `Mcp-Session-Id` (never minted nor
 * echoed), no event store, no `Last-Event-ID`. Checks the envelope and the headers, dispatches
 * through `server.dispatchModern` and answers with one JSON body, upgraded to SSE when the handler
 * sends a notification first. Every error echoes the request id; the client going away aborts the
 * handler. `report` is the server's encode-failure report, built once by the caller; `namesSse`
 * whether the request's `Accept` lists `text/event-stream` (read once by the caller).
 */
export async function serveModernPost(
  server: McpServerPort,
  req: IncomingMessage,
  res: ServerResponse,
  message: JsonRpcMessage,
  principal: string | undefined,
  report: EncodeFailureReport,
  keepAliveMs = 0,
  namesSse = false,
): Promise<void> {
  if (!isJsonRpcRequest(message)) {
    writeEmpty(res, 202); // notifications and stray responses: nothing to answer
    return;
  }
  const request = message;
  // Read once: each read of `req.headers` is a call of Node's getter (see `RequestHeaders`).
  const headers = req.headers;
  // A listen stream stays open for long: `:` comments keep proxies from timing it out. Any other
  // request that accepts SSE switches to a stream with the same comments once it outlives
  // `keepAliveMs` (a JSON-only client gets its JSON reply at the end, with nothing before it).
  const listen = request.method === 'subscriptions/listen';
  const reply = new ModernReply(
    res,
    request,
    report,
    listen ? server.listenKeepAliveMs : keepAliveMs,
    principal,
  );
  if (!listen && keepAliveMs > 0 && namesSse) reply.streamAfter(keepAliveMs);
  try {
    if (
      server.protocolEras === 'modern' &&
      request.method === 'initialize' &&
      !hasModernMeta(request.params)
    ) {
      const asked = (request.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      throw unsupportedVersion(String(asked ?? ''), server.supportedVersions);
    }
    reply.protocol = parseModernEnvelope(
      request.params,
      server.supportedVersions,
      checkVersionHeader,
      headers,
    );
    checkStandardHeaders(headers, request);
    if (request.method === 'tools/call') {
      const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
      const rules =
        typeof params?.name === 'string' ? server.paramHeaderRules?.(params.name) : undefined;
      if (rules) checkParamHeaders(headers, rules, params?.arguments);
    }
  } catch (error) {
    reply.error(error);
    return;
  }
  // The reply is the call too (its outlet, its signal): one object per POST, not three.
  reply.transport = httpTransportInfo(req, res, undefined, headers);
  try {
    const result = await server.dispatchModern(request, reply);
    reply.result(result);
  } catch (error) {
    // Answered already (the drain cut it): what its handler threw after that is no fault.
    if (reply.done) return;
    if (!(error instanceof McpError))
      server.reportError(error, `Handler of ${request.method} failed`);
    reply.error(error);
  }
}

/**
 * One modern request as `dispatchModern` gets it, and its response: JSON, or SSE once a
 * notification went out first (with a `:` keep-alive comment every `keepAliveMs` when given,
 * until the reply ends or the client goes). It is the call's outlet and the source of its signal
 * too, so a POST makes one object where it made three (call, abort, reply). The signal is a
 * {@link LazyAbort}'s, as a 2025 `InboundCall`'s is; it and the watch on the response (a `close`
 * listener) are made on the first read of `signal`: most calls end before anyone reads it; a
 * client gone before the first read is seen then (`res.destroyed`). The signal aborts when the
 * client goes before the reply ended, or when the graceful shutdown cuts the call (`cut`). Every
 * field of its own is set in the constructor, so every reply has one shape from its start (no map
 * change per call).
 */
class ModernReply extends LazyAbort implements ModernDispatch, RequestOutlet, TimeoutTarget {
  done = false;
  /** Set once the envelope is read, before the call is dispatched. */
  protocol: ProtocolContext = UNREAD;
  /** Set before the call is dispatched. */
  transport: TransportInfo = UNREAD;
  private sse = false;
  /** Whether the `close` watch is set up (on the first read of `signal`). */
  private watching = false;
  private keepAlive: NodeJS.Timeout | undefined = undefined;
  /** The switch to SSE of a long call, on the process's shared timer of its duration. */
  private longCall: RunningTimeout | undefined = undefined;
  /** The members the server left out of the result for this reply to write (see `result`). */
  private resultStamp: SizedJson | undefined = undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly request: JsonRpcRequest,
    private readonly report: EncodeFailureReport,
    private readonly keepAliveMs: number | undefined,
    /** Always present (undefined when anonymous): one shape. */
    readonly principal: string | undefined,
  ) {
    super();
  }

  /** {@inheritDoc ModernDispatch.outlet}: this reply. */
  get outlet(): RequestOutlet {
    return this;
  }

  /** {@inheritDoc ModernDispatch.signal}: the watch on the client starts with the first read. */
  override get signal(): AbortSignal {
    if (!this.watching) {
      this.watching = true;
      if (this.res.destroyed) this.clientGone();
      else this.res.once('close', () => this.clientGone());
    }
    return super.signal;
  }

  /** {@inheritDoc ModernDispatch.cut}: the answer goes out now, the handler's signal aborts. */
  cut(answer: unknown): void {
    this.error(answer);
    this.abort(answer);
  }

  private clientGone(): void {
    if (!this.done) this.abort(new Error('Client disconnected'));
  }

  /** Switches to SSE (a comment, then keep-alives) if the reply is still pending after `ms`. */
  streamAfter(ms: number): void {
    this.longCall = sharedTimeouts(ms).start(this);
  }

  /** The call outlived {@link streamAfter}'s delay: switch to SSE (a comment, then keep-alives). */
  timedOut(): void {
    this.longCall = undefined;
    if (this.done || this.sse || this.res.writableEnded) return;
    this.openStream();
    this.res.write(encodeSseComment('keepalive'));
  }

  notify(method: string, params?: Record<string, unknown>): void {
    if (this.done || this.res.writableEnded) return;
    if (!this.sse) this.openStream();
    const notification = { jsonrpc: '2.0' as const, method, ...(params && { params }) };
    const json = encodeMessage(notification, this.report);
    if (json !== undefined) this.res.write(encodeSseEvent(messageEvent(json)));
  }

  /** {@inheritDoc RequestOutlet.takeResultStamp} */
  takeResultStamp(members: SizedJson): void {
    this.resultStamp = members;
  }

  result(result: Record<string, unknown>): void {
    const stamp = this.resultStamp;
    if (stamp === undefined) {
      this.finish(200, { jsonrpc: '2.0', id: this.request.id, result });
      return;
    }
    // The result's JSON with the members the server left out written after its own.
    if (!this.end()) return;
    const json = encodeResultWithMembers(this.request.id, result, stamp, this.report);
    if (!this.sse) writeSizedJson(this.res, 200, json);
    else if (!this.res.writableEnded) this.res.end(encodeSseEvent(messageEvent(json.text)));
  }

  error(error: unknown): void {
    const mcp = error instanceof McpError ? error : McpError.internal();
    const status = modernErrorStatus(error, mcp.code);
    const headers =
      error instanceof CapacityError
        ? retryAfterHeader(error)
        : status === 503
          ? { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) }
          : undefined;
    this.finish(status, { jsonrpc: '2.0', id: this.request.id, error: mcp.toJson() }, headers);
  }

  private openStream(): void {
    this.sse = true;
    this.res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    if (this.keepAliveMs) this.startKeepAlive(this.keepAliveMs);
  }

  private startKeepAlive(ms: number): void {
    this.keepAlive = setInterval(() => {
      if (!this.res.writableEnded) this.res.write(encodeSseComment('keepalive'));
    }, ms);
    this.keepAlive.unref();
    this.res.once('close', () => clearInterval(this.keepAlive));
  }

  /** Marks the reply done and stops its timers; false when it was done already. */
  private end(): boolean {
    if (this.done) return false;
    this.done = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.longCall?.cancel();
    return true;
  }

  private finish(status: number, body: JsonRpcMessage, headers?: Record<string, string>): void {
    if (!this.end()) return;
    // A response always encodes (an unencodable one becomes a -32603 error for its id).
    if (!this.sse) {
      writeJsonText(this.res, status, encodeMessageBytes(body, this.report)!, headers);
      return;
    }
    if (this.res.writableEnded) return;
    this.res.end(encodeSseEvent(messageEvent(encodeMessage(body, this.report)!)));
  }
}

/**
 * What {@link ModernReply}'s `protocol` and `transport` hold until they are set (a reply refused
 * before them never hands them out): a value, so that they are fields from the constructor on.
 */
const UNREAD = undefined as never;
