import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import { isJsonRpcRequest, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION } from '../../protocol/versions.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import { HttpSessionChannel } from './http-session-channel.js';
import { HttpSessionRegistry } from './http-session-registry.js';
import { openInitializeSession, SESSION_HEADER } from './initialize-session.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import { requireSamePrincipal } from '../shared/http/principal.js';
import { classifyEra } from '../../protocol/modern/protocol-eras.js';
import { isSupportedLegacyVersion } from '../../protocol/versions.js';
import { serveModernPost } from './modern-post.js';
import { admitRequests } from '../shared/http/request-admission.js';
import {
  guardOrigin,
  guardRequest,
  HttpRefusal,
  requireJsonContentType,
  toMessageOrRefuse,
  writeRefusal,
} from '../shared/http/http-refusal.js';
import { writeEmpty } from '../shared/http/http-response.js';
import { readJsonBody } from '../shared/http/read-body.js';
import {
  resolveStreamableHttpOptions,
  type ResolvedStreamableHttpOptions,
  type StreamableHttpOptions,
} from './streamable-http.options.js';

/**
 * The Streamable HTTP transport (2025-03-26 ... 2025-11-25) on plain Node request/response objects,
 * so any HTTP framework can mount it: POST carries client messages, GET opens the standalone stream
 * or resumes one (`Last-Event-ID`), DELETE ends a session.
 */
export class StreamableHttpHandler {
  readonly options: ResolvedStreamableHttpOptions;
  /** Live sessions of this process. */
  readonly sessions: HttpSessionRegistry;

  constructor(
    private readonly server: McpServerPort,
    options: StreamableHttpOptions,
    private readonly eventStore: EventStore,
    sessionStore: SessionStore,
  ) {
    this.options = resolveStreamableHttpOptions(options);
    this.sessions = new HttpSessionRegistry(server, this.options, eventStore, sessionStore);
  }

  /**
   * Handles a POST. `parsedBody` is the body when a framework already parsed it; otherwise the
   * raw stream is read here under the size limit.
   */
  async handlePost(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    try {
      await this.post(req, res, parsedBody);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  /** Handles a GET: the standalone server-to-client stream, or a resumption. */
  async handleGet(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      this.refuseInModernMode(req);
      guardRequest(req, this.options);
      if (this.options.stateless)
        throw new HttpRefusal(405, ErrorCode.InvalidRequest, 'No streams in stateless mode');
      if (!(req.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpRefusal(406, ErrorCode.InvalidRequest, 'GET needs Accept: text/event-stream');
      }
      const channel = await this.requireSession(req);
      const lastEventId = req.headers['last-event-id'];
      if (typeof lastEventId === 'string' && lastEventId !== '') {
        await channel.resume(res, lastEventId);
        return;
      }
      this.server.admitRequests?.(channel.session, 0); // no new stream while draining (503)
      if (channel.hasStandaloneStream) {
        throw new HttpRefusal(409, ErrorCode.InvalidRequest, 'A standalone stream is already open');
      }
      channel.openStandalone(res);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  /** Handles a DELETE: ends the session. */
  async handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      this.refuseInModernMode(req);
      guardRequest(req, this.options);
      if (this.options.stateless)
        throw new HttpRefusal(405, ErrorCode.InvalidRequest, 'No sessions in stateless mode');
      const channel = await this.requireSession(req);
      await this.sessions.end(channel.session.id!);
      writeEmpty(res, 200);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  /** Ends every live session (application shutdown). */
  close(): void {
    this.sessions.closeAll();
  }

  private async post(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody: unknown,
  ): Promise<void> {
    // A version header we do not know may be a 2026-07-28 request: decide after reading the body.
    const deferVersion = this.mayBeModern(req);
    if (deferVersion) guardOrigin(req, this.options);
    else guardRequest(req, this.options);
    requireJsonContentType(req);
    const accept = req.headers.accept ?? '*/*';
    const acceptsSse = accept.includes('text/event-stream') || accept.includes('*/*');
    if (!acceptsSse && !accept.includes('application/json')) {
      throw new HttpRefusal(
        406,
        ErrorCode.InvalidRequest,
        'Accept must list application/json and text/event-stream',
      );
    }
    const body = await readJsonBody(req, this.options.maxMessageBytes, parsedBody, {
      timeoutMs: this.options.bodyTimeoutMs,
      onTimeout: () => this.server.countRefusal?.('bodyTimeout'),
    });
    if (this.server.protocolEras !== 'legacy' && !Array.isArray(body)) {
      const era = classifyEra(
        {
          params: (body as { params?: unknown } | null)?.params,
          headerVersion: req.headers['mcp-protocol-version'] as string | undefined,
          hasSessionId: typeof req.headers[SESSION_HEADER] === 'string',
        },
        this.server.protocolEras,
      );
      if (era === 'modern') {
        const message = toMessageOrRefuse(body, this.options.maxJsonDepth);
        await serveModernPost(this.server, req, res, message, this.options.principal(req));
        return;
      }
    }
    if (deferVersion) guardRequest(req, this.options);
    const batch = Array.isArray(body);
    const messages = this.toMessages(batch ? body : [body]);
    const requests = messages.filter(isJsonRpcRequest);
    const initialize = requests.find((m) => m.method === 'initialize');
    if (initialize && messages.length > 1) {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        'initialize must be sent alone',
        initialize.id,
      );
    }

    let headers: Record<string, string> = {};
    let replyHeaders: (() => Record<string, string>) | undefined;
    let channel: HttpSessionChannel;
    if (this.options.stateless) channel = this.transientChannel(req, !initialize);
    else if (initialize) {
      if (req.headers[SESSION_HEADER]) {
        throw new HttpRefusal(
          400,
          ErrorCode.InvalidRequest,
          'initialize must not carry a session id',
          initialize.id,
        );
      }
      ({ channel, headers, replyHeaders } = openInitializeSession(
        this.sessions,
        { principal: this.options.principal(req), remoteAddress: req.socket.remoteAddress },
        res,
      ));
    } else channel = await this.requireSession(req);

    const { session } = channel;
    if (batch && session.protocol.protocolVersion !== '2025-03-26') {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        'JSON-RPC batches exist only in protocol 2025-03-26',
      );
    }
    const duplicate = requests.find((m) => channel.isInFlight(m.id));
    if (duplicate) {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        `Request id ${duplicate.id} is already in use`,
        duplicate.id,
      );
    }
    admitRequests(this.server, session, requests);
    const extra: MessageExtra = {
      transport: {
        kind: 'streamable-http',
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
        raw: req,
        request: req,
        response: res,
        closeSseStream: (id) => channel.exchangeOf(id)?.disconnect(),
      },
    };
    if (requests.length === 0) {
      for (const message of messages) session.receive(message, extra);
      writeEmpty(res, 202);
      if (this.options.stateless) session.close();
      return;
    }
    channel.openExchange(
      res,
      requests.map((r) => r.id),
      { acceptsSse, batch, headers, replyHeaders },
    );
    if (this.options.stateless) {
      res.on('close', () => session.close('Connection closed'));
    }
    for (const message of messages) session.receive(message, extra);
  }

  /** True when the request may be a 2026-07-28 one whose version header guardRequest would refuse. */
  private mayBeModern(req: IncomingMessage): boolean {
    const eras = this.server.protocolEras;
    if (eras === 'legacy') return false;
    if (eras === 'modern') return true;
    const version = req.headers['mcp-protocol-version'];
    return (
      typeof version === 'string' &&
      !isSupportedLegacyVersion(version) &&
      typeof req.headers[SESSION_HEADER] !== 'string'
    );
  }

  /** `protocolEras: 'modern'`: GET and DELETE do not exist (405, `Allow: POST`). */
  private refuseInModernMode(req: IncomingMessage): void {
    if (this.server.protocolEras !== 'modern') return;
    guardOrigin(req, this.options);
    throw new HttpRefusal(
      405,
      ErrorCode.InvalidRequest,
      'Method not allowed: this server is stateless (2026-07-28)',
      null,
      { allow: 'POST' },
    );
  }

  private toMessages(items: unknown[]): JsonRpcMessage[] {
    if (items.length === 0) throw new HttpRefusal(400, ErrorCode.InvalidRequest, 'Empty batch');
    return items.map((item) => toMessageOrRefuse(item, this.options.maxJsonDepth));
  }

  private async requireSession(req: IncomingMessage): Promise<HttpSessionChannel> {
    const id = req.headers[SESSION_HEADER];
    if (typeof id !== 'string' || id === '') {
      throw new HttpRefusal(400, ErrorCode.InvalidRequest, 'Mcp-Session-Id header is required');
    }
    const channel = await this.sessions.find(id);
    if (!channel) throw new HttpRefusal(404, ErrorCode.InvalidRequest, 'Session not found');
    requireSamePrincipal(channel.principal, this.options.principal(req));
    return channel;
  }

  /** Stateless mode: a throw-away session for one POST, closed when the reply is done. */
  private transientChannel(req: IncomingMessage, initialized: boolean): HttpSessionChannel {
    const session = this.server.createSession(undefined, 'streamable-http');
    const header = req.headers['mcp-protocol-version'];
    session.protocol = {
      protocolVersion: typeof header === 'string' ? header : DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
      clientCapabilities: {},
    };
    session.initialized = initialized;
    const channel = new HttpSessionChannel(
      session,
      this.options,
      this.eventStore,
      reportEncodeFailure(this.server),
    );
    session.onClose(() => channel.close());
    return channel;
  }

  private refuse(res: ServerResponse, error: unknown): void {
    writeRefusal(res, error, (e) => this.server.reportError(e, 'Streamable HTTP request failed'));
  }
}
