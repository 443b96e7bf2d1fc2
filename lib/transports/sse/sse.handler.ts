import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isJsonRpcRequest, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import { admitRequests } from '../shared/http/request-admission.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import {
  guardRequest,
  HttpRefusal,
  requireJsonContentType,
  toMessageOrRefuse,
  writeRefusal,
} from '../shared/http/http-refusal.js';
import { writeEmpty, writeJsonRpcError } from '../shared/http/http-response.js';
import { readJsonBody } from '../shared/http/read-body.js';
import { requestPathname } from '../shared/route-path.js';
import { awaitForwarded, storeRefusal } from '../http/store-refusal.js';
import { CapacityError } from '../../errors/capacity.error.js';
import { SseSessionStream } from './sse-session-stream.js';
import { SseRemoteSessions } from './sse-remote-sessions.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import { requireSamePrincipal } from '../shared/http/principal.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import {
  resolveSseTransportOptions,
  type ResolvedSseTransportOptions,
  type SseTransportOptions,
} from './sse-transport.options.js';

/**
 * The legacy HTTP+SSE transport (protocol 2024-11-05, deprecated since 2025-03-26) on plain Node
 * request/response objects. GET on the SSE path opens a session whose stream starts with the
 * `endpoint` event; the client POSTs each message to `<messagesPath>?sessionId=<id>` (202) and
 * gets every reply, request and notification down the stream. Mount it from any framework with
 * {@link handleGet}/{@link handlePost}, or on a bare `http.Server` with {@link handle}.
 */
export class SseHandler {
  /** The options with defaults applied. */
  readonly options: ResolvedSseTransportOptions;
  private readonly streams = new Map<string, SseSessionStream>();
  /** The principal each live session's stream was opened by. */
  private readonly principals = new Map<string, string | undefined>();
  private readonly reportEncodeFailure: EncodeFailureReport;

  /** Set with a shared bus and a session store: sessions reachable from every instance. */
  private readonly remote?: SseRemoteSessions;

  constructor(
    private readonly server: McpServerPort,
    options: SseTransportOptions = {},
    /** Where a session's owner is recorded when instances share a bus (`server.cluster`). */
    sessionStore?: SessionStore,
  ) {
    this.options = resolveSseTransportOptions(options);
    this.reportEncodeFailure = reportEncodeFailure(server);
    if (server.cluster && sessionStore) {
      this.remote = new SseRemoteSessions(sessionStore, server.cluster);
    }
  }

  /** Number of live SSE sessions. */
  get sessionCount(): number {
    return this.streams.size;
  }

  /**
   * Routes a request by path and method, for a bare Node server: GET on `path` and POST on
   * `messagesPath` are served, another method on those paths gets 405, anything else 404.
   */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = requestPathname(req.url);
    if (route === this.options.path) {
      if (req.method === 'GET') await this.handleGet(req, res);
      else this.refuseMethod(res, 'GET');
    } else if (route === this.options.messagesPath) {
      if (req.method === 'POST') await this.handlePost(req, res);
      else this.refuseMethod(res, 'POST');
    } else {
      writeJsonRpcError(res, 404, ErrorCode.InvalidRequest, `No MCP endpoint at ${route}`);
    }
  }

  /**
   * Opens a session and its stream (GET on the SSE path). `endpoint` is the path (or URL) the
   * client must POST to, as seen from the client — include any prefix the app mounts routes
   * under; default {@link SseTransportOptions.messagesPath}. `?sessionId=<id>` is appended.
   */
  handleGet(
    req: IncomingMessage,
    res: ServerResponse,
    endpoint = this.options.messagesPath,
  ): void | Promise<void> {
    try {
      guardRequest(req, this.options.origin);
      const accept = req.headers.accept;
      if (accept && !accept.includes('text/event-stream') && !accept.includes('*/*')) {
        throw new HttpRefusal(406, ErrorCode.InvalidRequest, 'GET needs Accept: text/event-stream');
      }
    } catch (error) {
      this.refuse(res, error);
      return;
    }
    const id = randomUUID();
    // The principal also addresses broadcasts ({ principal }) and counts per-principal caps.
    const admission = {
      principal: this.options.principal(req),
      remoteAddress: this.options.clientAddress(req),
    };
    const shared = this.server.sharedSessions;
    if (!shared) return this.open(id, admission, res, endpoint);
    // Instances sharing counters: the stream takes its place in the service's caps first.
    return shared.hold(id, admission).then(
      () => {
        if (res.destroyed || res.socket?.destroyed)
          shared.drop(id); // the client went meanwhile
        else this.open(id, admission, res, endpoint, () => shared.drop(id));
      },
      // A cap: 429/503 with Retry-After; the counters unreachable: 503 with Retry-After.
      (error: unknown) =>
        this.refuse(res, error instanceof CapacityError ? error : storeRefusal(error)),
    );
  }

  /** Opens the session and its stream; `drop` gives back its place in the shared caps. */
  private open(
    id: string,
    admission: { principal: string | undefined; remoteAddress: string | undefined },
    res: ServerResponse,
    endpoint: string,
    drop?: () => void,
  ): void {
    let session: McpSessionPort;
    try {
      session = this.server.createSession(id, 'sse', admission);
    } catch (error) {
      drop?.();
      this.refuse(res, error); // a session cap or shutdown: 503/429 with Retry-After
      return;
    }
    const separator = endpoint.includes('?') ? '&' : '?';
    const stream = new SseSessionStream(
      session,
      res,
      `${endpoint}${separator}sessionId=${id}`,
      this.options.keepAliveMs,
      this.reportEncodeFailure,
    );
    if (session.closed) {
      drop?.();
      return;
    }
    const { principal } = admission;
    this.streams.set(id, stream);
    this.principals.set(id, principal);
    this.remote?.opened(id, principal, (error) =>
      this.server.reportError(error, `SSE session ${id} could not be recorded`),
    );
    session.onClose(() => {
      this.streams.delete(id);
      this.principals.delete(id);
      this.remote?.closed(id);
      drop?.();
    });
  }

  /**
   * Handles a client message (POST on the messages path, `?sessionId=<id>`): 202 once accepted;
   * the answer travels on the session's stream. `parsedBody` is the body when a framework
   * already parsed it; otherwise the raw stream is read here under the size limit.
   */
  async handlePost(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    try {
      await this.post(req, res, parsedBody);
    } catch (error) {
      req.resume(); // discard an unread body so the connection stays usable
      this.refuse(res, error);
    }
  }

  /** Answers 405 (for example a Streamable HTTP client POSTing to the SSE path before falling back). */
  refuseMethod(res: ServerResponse, allow: 'GET' | 'POST'): void {
    this.refuse(
      res,
      new HttpRefusal(405, ErrorCode.InvalidRequest, `Method not allowed; use ${allow}`, null, {
        allow,
      }),
    );
  }

  /** Ends every session and its stream (application shutdown). */
  close(): void {
    for (const stream of [...this.streams.values()])
      stream.session.close('Server shutting down', 'shutdown');
  }

  private async post(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody: unknown,
  ): Promise<void> {
    guardRequest(req, this.options.origin);
    requireJsonContentType(req);
    const sessionId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('sessionId');
    if (!sessionId) {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        'The sessionId query parameter is required',
      );
    }
    const stream = this.streams.get(sessionId);
    if (!stream) {
      if (this.remote) return this.forward(req, res, sessionId, parsedBody);
      throw new HttpRefusal(404, ErrorCode.InvalidRequest, 'Session not found');
    }
    requireSamePrincipal(this.principals.get(sessionId), this.options.principal(req));
    const message = this.toMessage(await this.readBody(req, parsedBody));
    if (stream.session.closed)
      throw new HttpRefusal(404, ErrorCode.InvalidRequest, 'Session not found');
    const requests = isJsonRpcRequest(message) ? [message] : [];
    if (requests.length > 0) await this.options.authorizeRequests?.(req, requests);
    admitRequests(this.server, stream.session, requests);
    const forwarded = stream.session.receive(message, {
      transport: {
        kind: 'sse',
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
        raw: req,
        request: req,
        response: res,
      },
    });
    await awaitForwarded([forwarded]);
    writeEmpty(res, 202);
  }

  /** A message for a session whose stream another instance holds: sent there over the bus. */
  private async forward(
    req: IncomingMessage,
    res: ServerResponse,
    sessionId: string,
    parsedBody: unknown,
  ): Promise<void> {
    const owner = await this.remote!.ownerOf(sessionId, this.options.principal(req));
    const message = this.toMessage(await this.readBody(req, parsedBody));
    await awaitForwarded([
      this.server.cluster!.forwardClientMessage(owner, sessionId, message, req.headers),
    ]);
    writeEmpty(res, 202);
  }

  private readBody(req: IncomingMessage, parsedBody: unknown): Promise<unknown> {
    return readJsonBody(req, this.options.maxMessageBytes, parsedBody, {
      timeoutMs: this.options.bodyTimeoutMs,
      onTimeout: () => this.server.countRefusal?.('bodyTimeout'),
    });
  }

  private toMessage(body: unknown): JsonRpcMessage {
    if (Array.isArray(body)) {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        'JSON-RPC batches are not supported on the HTTP+SSE transport',
      );
    }
    return toMessageOrRefuse(body, this.options.maxJsonDepth);
  }

  private refuse(res: ServerResponse, error: unknown): void {
    writeRefusal(res, error, this.server, 'HTTP+SSE request');
  }
}
