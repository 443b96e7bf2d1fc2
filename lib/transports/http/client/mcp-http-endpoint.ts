import { encodeForSending } from '../../shared/encode-outgoing.js';
import { TransportError } from '../../../errors/transport.error.js';
import type { JsonRpcMessage } from '../../../protocol/json-rpc.js';
import type { HttpReplyLike } from '../../shared/http/http-reply-like.js';
import { discardBody, fetchFailure, httpError, mediaTypeOf } from '../../shared/http/http-reply.js';
import { exchangeWithAuth } from '../../shared/http/auth-exchange.js';
import { AuthorizationActivity } from '../../shared/http/authorization-activity.js';
import { createHttpRequester, type HttpRequestInit, type HttpRequester } from './http-requester.js';
import { buildRequestHeaders, isValidSessionId } from './request-headers.js';
import type { ResolvedStreamableHttpClientOptions } from './streamable-http-client.options.js';

const POST_HEADERS = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
};

/**
 * The HTTP side of one MCP endpoint as a client sees it: the session id and protocol version to
 * send, and the three requests (POST a message, GET a stream, DELETE the session) with the
 * user's headers, and the `auth` option's headers and 401/403 handling (one retry after a
 * challenge it answered). Knows nothing about JSON-RPC semantics.
 */
export class McpHttpEndpoint {
  /** The session id assigned by the server's `initialize` reply. */
  sessionId?: string;
  /** The negotiated revision, sent as `MCP-Protocol-Version`. */
  protocolVersion?: string;

  /** The authorizations this endpoint's requests ran (their time is not the server's). */
  readonly authorization = new AuthorizationActivity();
  private readonly http: HttpRequester;

  constructor(
    readonly url: URL,
    private readonly options: ResolvedStreamableHttpClientOptions,
  ) {
    this.http = createHttpRequester(options.fetch);
  }

  /**
   * POSTs one message (or a batch array) with the per-message `extra` headers (2026-07-28 request
   * headers). Resolves with the response whatever its status.
   * @throws TransportError `refused`/`closed` when no response came; HeadersProviderError.
   */
  async post(
    message: JsonRpcMessage | JsonRpcMessage[],
    signal: AbortSignal,
    what: string,
    extra?: Readonly<Record<string, string>>,
  ): Promise<HttpReplyLike> {
    const protocol = extra ? { ...extra, ...POST_HEADERS } : POST_HEADERS;
    const body = Array.isArray(message)
      ? `[${message.map(encodeForSending).join(',')}]`
      : encodeForSending(message);
    return this.request('POST', protocol, what, { body, signal });
  }

  /**
   * Opens a GET stream: the standalone one (no id) or a resumption after `lastEventId`.
   * @throws TransportError `http` for a non-2xx status, `protocol` when the reply is not SSE.
   */
  async get(lastEventId: string | undefined, signal: AbortSignal): Promise<HttpReplyLike> {
    const what = lastEventId === undefined ? 'GET stream' : `GET resume after ${lastEventId}`;
    const protocol: Record<string, string> = { accept: 'text/event-stream' };
    if (lastEventId !== undefined) protocol['last-event-id'] = lastEventId;
    const response = await this.request('GET', protocol, what, { signal });
    if (!response.ok) throw await httpError(response, what);
    if (mediaTypeOf(response) !== 'text/event-stream') {
      await discardBody(response);
      throw new TransportError(`${what}: the reply is not an SSE stream`, 'protocol', 200);
    }
    return response;
  }

  /**
   * DELETEs the session, bounded by `closeTimeoutMs`. Resolves with an error worth reporting:
   * 404 (already ended), 405 (not allowed) and an unreachable server are not.
   */
  async deleteSession(): Promise<TransportError | undefined> {
    if (this.sessionId === undefined) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.closeTimeoutMs);
    try {
      const signal = controller.signal;
      const response = await this.request('DELETE', {}, 'DELETE session', { signal });
      if (response.ok || response.status === 404 || response.status === 405) {
        await discardBody(response);
        return undefined;
      }
      return await httpError(response, 'DELETE session');
    } catch {
      return undefined; // unreachable or slow while closing: the session expires on the server
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops the connections kept for this endpoint (the transport closed). */
  close(): void {
    this.http.close();
  }

  /**
   * Keeps the `Mcp-Session-Id` of an `initialize` reply.
   * @returns false when the header holds an invalid id (ignored).
   */
  adoptSession(response: HttpReplyLike): boolean {
    const id = response.headers.get('mcp-session-id');
    if (id === null) return true;
    if (!isValidSessionId(id)) return false;
    this.sessionId = id;
    return true;
  }

  /**
   * Sends one request with the user's, the auth's, the session's and the protocol's headers,
   * under the `auth` option (a 401/403 it answers is sent once more).
   */
  private request(
    method: HttpRequestInit['method'],
    protocol: Record<string, string>,
    what: string,
    init: { body?: string; signal: AbortSignal },
  ): Promise<HttpReplyLike> {
    return exchangeWithAuth(
      this.options.auth,
      method,
      this.url,
      async (auth, observe) => {
        const headers = await buildRequestHeaders(
          this.options.headers,
          { sessionId: this.sessionId, protocolVersion: this.protocolVersion },
          protocol,
          auth,
        );
        let response: HttpReplyLike;
        try {
          response = await this.http.request(this.url, { method, headers, ...init });
        } catch (error) {
          throw fetchFailure(error, what, this.url);
        }
        observe({
          status: response.status,
          header: (name) => response.headers.get(name) ?? undefined,
        });
        return response;
      },
      discardBody,
      method !== 'DELETE',
      this.authorization,
    );
  }
}
