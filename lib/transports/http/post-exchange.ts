import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage, JsonRpcResponse, RequestId } from '../../protocol/json-rpc.js';
import { capacityReplyOf } from '../../errors/capacity.error.js';
import { storeUnavailableReplyOf } from '../../errors/store-unavailable.error.js';
import {
  encodeMessage,
  encodeMessageBytes,
  type EncodeFailureReport,
} from '../../protocol/encode-message.js';
import {
  NO_HEADERS,
  writeEmpty,
  writeJsonRpcError,
  writeJsonText,
} from '../shared/http/http-response.js';
import type { HttpRefusal } from '../shared/http/http-refusal.js';
import type { SseStream } from './sse-stream.js';
import {
  sharedTimeouts,
  type RunningTimeout,
  type TimeoutTarget,
} from '../../engine/shared-timeouts.js';
import { SoloMap } from '../../engine/solo-map.js';

/**
 * What an exchange asks of the session channel it serves: methods of the channel itself, so a
 * POST builds no callbacks of its own.
 */
export interface PostExchangeOwner {
  /** Creates the resumable stream of these requests when the reply upgrades to SSE. */
  openExchangeStream(requestIds: RequestId[]): SseStream;
  /** Every request of the POST was answered: forget its ids, and its stream if it opened one. */
  exchangeDone(requestIds: RequestId[], stream: SseStream | undefined): void;
  /** The session answered `initialize` (read by the reply of the POST that opened it). */
  readonly sessionInitialized: boolean;
  /** The 503 of an `initialize` whose session record could not be stored, if so. */
  readonly initializeRefusal?: HttpRefusal;
}

/** How one POST wants its answer delivered. */
export interface PostExchangeOptions {
  /** The client listed `text/event-stream` in `Accept`. */
  acceptsSse: boolean;
  /** Start streaming at once (`responseMode: 'sse'`). */
  streamFromStart: boolean;
  /** The body was a JSON-RPC batch: answer with an array. */
  batch: boolean;
  /** Extra response headers (`Mcp-Session-Id` on initialize). */
  headers: Record<string, string>;
  /**
   * The POST that opened its session with `initialize`. Its reply, when it ends as JSON, carries
   * {@link headers} only if the session initialized (a failed `initialize` answers without its
   * session id), and is the owner's {@link PostExchangeOwner.initializeRefusal} instead when the
   * session record could not be stored (503 + `Retry-After`). Asked of the owner when the reply
   * is written: no callbacks per session.
   */
  initialize: boolean;
  /** The session channel the exchange serves: opens its stream, hears when it is done. */
  owner: PostExchangeOwner;
  /** Where responses that cannot be encoded are reported (they become `-32603` errors). */
  report: EncodeFailureReport;
  /**
   * A reply that is still plain JSON after this long (ms) while requests are pending switches to
   * SSE when the client accepts it, so keep-alive comments flow and proxies do not cut a long
   * call; 0 never switches.
   */
  keepAliveMs: number;
}

/**
 * The reply to one POST carrying requests. It starts as a plain JSON reply and upgrades to an SSE
 * stream the moment a related message (progress, log, a server-to-client request) must go out
 * before the result, so simple calls stay cheap and streaming works when needed.
 */
export class PostExchange implements TimeoutTarget {
  /** The ids still unanswered (a POST carries one request but for a batch: no `Set` for it). */
  private readonly pending = new SoloMap<RequestId, true>();
  private readonly responses: JsonRpcResponse[] = [];
  private stream?: SseStream;
  /** The switch to SSE of a long call, on the process's shared timer of `keepAliveMs`. */
  private longCall?: RunningTimeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly requestIds: RequestId[],
    private readonly options: PostExchangeOptions,
  ) {
    for (const id of requestIds) this.pending.set(id, true);
    if (options.streamFromStart && options.acceptsSse) this.upgrade();
    else if (options.acceptsSse && options.keepAliveMs > 0) {
      this.longCall = sharedTimeouts(options.keepAliveMs).start(this);
    }
  }

  /** True when this POST is waiting for the response to `id`. */
  awaits(id: RequestId): boolean {
    return this.pending.has(id);
  }

  /** Delivers a message related to this POST; false when it could not be carried (JSON-only client). */
  deliver(message: JsonRpcMessage): boolean {
    const isResponse = !('method' in message);
    if (isResponse && this.settle((message as JsonRpcResponse).id as RequestId)) {
      if (this.stream) this.stream.push(message);
      else this.responses.push(message as JsonRpcResponse);
      if (this.pending.size === 0) this.finish();
      return true;
    }
    if (!this.stream) {
      if (!this.options.acceptsSse) return false;
      this.upgrade();
    }
    this.stream!.push(message);
    return true;
  }

  /** True when a related message (a server request, progress ...) can travel on this reply. */
  get canStream(): boolean {
    return this.stream !== undefined || this.options.acceptsSse;
  }

  /** The request was cancelled: it gets no response; the reply ends once nothing else is pending. */
  abandon(id: RequestId): void {
    if (this.settle(id) && this.pending.size === 0) this.finish();
  }

  /** Takes `id` off the pending ids: true when it was pending. */
  private settle(id: RequestId): boolean {
    return this.pending.delete(id);
  }

  /** The session ended: every pending request is answered with this error. */
  fail(code: number, message: string): void {
    for (const [id] of this.pending.entries()) {
      this.deliver({ jsonrpc: '2.0', id, error: { code, message } });
    }
  }

  /** Server-initiated close of the connection (SSE polling): the client reconnects with GET. */
  disconnect(): void {
    if (!this.stream && this.options.acceptsSse) this.upgrade();
    this.stream?.disconnect();
  }

  /** The call outlived the keep-alive interval as plain JSON: switch to SSE (keep-alives flow). */
  timedOut(): void {
    this.longCall = undefined;
    if (!this.stream && this.pending.size > 0 && !this.res.writableEnded) this.upgrade();
  }

  private upgrade(): void {
    this.stream = this.options.owner.openExchangeStream(this.requestIds);
    this.stream.attach(this.res, true, this.options.headers);
    for (const response of this.responses.splice(0)) this.stream.push(response);
  }

  private finish(): void {
    this.longCall?.cancel();
    const { initialize, owner } = this.options;
    const headers = initialize && !owner.sessionInitialized ? NO_HEADERS : this.options.headers;
    const refusal = initialize && !this.stream ? owner.initializeRefusal : undefined;
    if (refusal) {
      const { status, code, message, headers: extra, data } = refusal;
      const id = this.responses[0]?.id ?? null;
      writeJsonRpcError(this.res, status, code, message, id, extra, data);
    } else if (this.stream) this.stream.end();
    else if (this.responses.length === 0) writeEmpty(this.res, 202, headers);
    else {
      // A response always encodes (an unencodable one becomes a -32603 error for its id).
      if (this.options.batch) {
        const texts = this.responses.map((r) => encodeMessage(r, this.options.report)!);
        writeJsonText(this.res, 200, `[${texts.join(',')}]`, headers);
      } else {
        // A capacity refusal met by the handler (a task cap) keeps its 429/503 + Retry-After, and
        // a store that is down (a task store's database) its 503 + Retry-After.
        const first = this.responses[0]!;
        const refusal =
          'error' in first
            ? (capacityReplyOf(first.error) ?? storeUnavailableReplyOf(first.error))
            : undefined;
        const status = refusal?.status ?? 200;
        const replyHeaders = refusal ? { ...headers, 'retry-after': refusal.retryAfter } : headers;
        writeJsonText(
          this.res,
          status,
          encodeMessageBytes(first, this.options.report)!,
          replyHeaders,
        );
      }
    }
    owner.exchangeDone(this.requestIds, this.stream);
  }
}
