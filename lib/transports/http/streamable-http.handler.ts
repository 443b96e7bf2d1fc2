import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import {
  isJsonRpcRequest,
  type JsonRpcMessage,
  type JsonRpcRequest,
} from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import type { HttpSessionChannel } from './http-session-channel.js';
import { HttpSessionRegistry } from './http-session-registry.js';
import { SESSION_HEADER } from './initialize-session.js';
import { requireSamePrincipal } from '../shared/http/principal.js';
import { classifyEra } from '../../protocol/modern/protocol-eras.js';
import { isSupportedLegacyVersion } from '../../protocol/versions.js';
import { serveModernPost } from './modern-post.js';
import { serveLegacyPost, type LegacyPostHost } from './legacy-post.js';
import { ACCEPTS_JSON, ACCEPTS_SSE, NAMES_SSE, acceptedReplies } from './post-accept.js';
import { reportEncodeFailure } from '../shared/encode-outgoing.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import {
  guardOrigin,
  guardRequest,
  HttpRefusal,
  requireJsonContentType,
  toMessageOrRefuse,
  writeRefusal,
} from '../shared/http/http-refusal.js';
import { writeEmpty } from '../shared/http/http-response.js';
import {
  BODY_PENDING,
  readJsonBody,
  readyJsonBody,
  type BodyTimeout,
} from '../shared/http/read-body.js';
import {
  resolveStreamableHttpOptions,
  type ResolvedStreamableHttpOptions,
  type StreamableHttpOptions,
} from './streamable-http.options.js';

/** What {@link StreamableHttpHandler.handlePost} returns for a POST it served without a wait. */
const SERVED: Promise<void> = Promise.resolve();

/**
 * The Streamable HTTP transport (2025-03-26 ... 2025-11-25) on plain Node request/response objects,
 * so any HTTP framework can mount it: POST carries client messages, GET opens the standalone stream
 * or resumes one (`Last-Event-ID`), DELETE ends a session.
 */
export class StreamableHttpHandler {
  readonly options: ResolvedStreamableHttpOptions;
  /** Live sessions of this process. */
  readonly sessions: HttpSessionRegistry;
  private readonly legacyHost: LegacyPostHost;
  /** The GET streams open now (resumptions of streams other instances write included). */
  private readonly getStreams = new Set<ServerResponse>();
  /** The body-read timeout of every POST, and who counts the timeouts: built once. */
  private readonly bodyTimeout: BodyTimeout;
  /** Where a reply of a stateless POST (either era) that cannot be encoded is reported: built once. */
  private readonly report: EncodeFailureReport;

  constructor(
    private readonly server: McpServerPort,
    options: StreamableHttpOptions,
    private readonly eventStore: EventStore,
    sessionStore: SessionStore,
  ) {
    this.options = resolveStreamableHttpOptions(options);
    this.sessions = new HttpSessionRegistry(server, this.options, eventStore, sessionStore);
    this.bodyTimeout = {
      timeoutMs: this.options.bodyTimeoutMs,
      onTimeout: () => server.countRefusal?.('bodyTimeout'),
    };
    this.report = reportEncodeFailure(server);
    this.legacyHost = {
      server,
      options: this.options,
      sessions: this.sessions,
      eventStore,
      report: this.report,
      requireSession: (req) => this.requireSession(req),
      liveSession: (req) => this.liveSession(req),
    };
  }

  /**
   * Handles a POST. `parsedBody` is the body when a framework already parsed it; otherwise the
   * raw stream is read here under the size limit. Not an async function: a POST served without a
   * wait (a `tools/call` on a live session whose body came with its headers) settles at once,
   * with no promise or suspended frame of its own (the promise returned is a shared settled one).
   */
  handlePost(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    let waiting: Promise<void> | undefined;
    try {
      waiting = this.post(req, res, parsedBody);
    } catch (error) {
      this.refuse(res, error);
      return SERVED;
    }
    return waiting ? waiting.then(undefined, (error: unknown) => this.refuse(res, error)) : SERVED;
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
      // No new stream nor resumption while draining (503): the client resumes on another instance.
      this.server.admitRequests?.(channel.session, 0);
      this.trackStream(res);
      const lastEventId = req.headers['last-event-id'];
      if (typeof lastEventId === 'string' && lastEventId !== '') {
        await channel.resume(res, lastEventId);
        return;
      }
      if (channel.hasStandaloneStream) {
        throw new HttpRefusal(409, ErrorCode.InvalidRequest, 'A standalone stream is already open');
      }
      await channel.openStandalone(res);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  /**
   * Handles a DELETE: ends the session. Not an async function, as {@link handlePost}: a live
   * session is found without a wait (no async lookup per DELETE) and its end is the one promise
   * the answer waits for.
   */
  handleDelete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let ending: Promise<void>;
    try {
      this.refuseInModernMode(req);
      guardRequest(req, this.options);
      if (this.options.stateless)
        throw new HttpRefusal(405, ErrorCode.InvalidRequest, 'No sessions in stateless mode');
      const live = this.liveSession(req);
      ending = live
        ? this.endDeleted(live)
        : this.requireSession(req).then((channel) => this.endDeleted(channel));
    } catch (error) {
      this.refuse(res, error);
      return SERVED;
    }
    return ending.then(
      () => writeEmpty(res, 200),
      (error: unknown) => this.refuse(res, error),
    );
  }

  /** Ends the session a DELETE named. */
  private endDeleted(channel: HttpSessionChannel): Promise<void> {
    return this.sessions.end(channel.session.id!, 'deleted');
  }

  /**
   * Ends every live session and every GET stream still open (application shutdown). A stream
   * ends after its last event, so its client resumes with `Last-Event-ID` on another instance.
   */
  close(): void {
    this.sessions.closeAll();
    for (const res of this.getStreams) if (res.headersSent && !res.writableEnded) res.end();
    this.getStreams.clear();
  }

  /** Keeps a GET's response until it closes, so {@link close} can end it (GETs only: rare). */
  private trackStream(res: ServerResponse): void {
    this.getStreams.add(res);
    res.once('close', () => this.getStreams.delete(res));
  }

  /** A POST's checks and body, then its era's serving; undefined when it was served at once. */
  private post(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody: unknown,
  ): Promise<void> | undefined {
    // A version header we do not know may be a 2026-07-28 request: decide after reading the body.
    const deferVersion = this.mayBeModern(req);
    if (deferVersion) guardOrigin(req, this.options);
    else guardRequest(req, this.options);
    requireJsonContentType(req);
    const accepted = acceptedReplies(req.headers.accept ?? '*/*');
    // A 2026-07-28 reply streams only to a client that names SSE.
    const namesSse = (accepted & NAMES_SSE) !== 0;
    const acceptsSse = (accepted & ACCEPTS_SSE) !== 0;
    if (!acceptsSse && (accepted & ACCEPTS_JSON) === 0) {
      throw new HttpRefusal(
        406,
        ErrorCode.InvalidRequest,
        'Accept must list application/json and text/event-stream',
      );
    }
    // A body already read (by the framework, or complete in the request's buffer) without a wait.
    const ready = readyJsonBody(req, this.options.maxMessageBytes, parsedBody);
    if (ready !== BODY_PENDING) {
      return this.serveBody(req, res, ready, deferVersion, acceptsSse, namesSse);
    }
    return readJsonBody(req, this.options.maxMessageBytes, parsedBody, this.bodyTimeout).then(
      (body) => this.serveBody(req, res, body, deferVersion, acceptsSse, namesSse),
    );
  }

  /** Serves a POST whose body is read, in its era (see {@link serveLegacyPost}). */
  private serveBody(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    deferVersion: boolean,
    acceptsSse: boolean,
    namesSse: boolean,
  ): Promise<void> | undefined {
    if (this.server.protocolEras !== 'legacy' && !Array.isArray(body)) {
      // What `mayBeModern` found (a version header of no 2025 revision and no session, or the
      // 'modern' mode) is what makes `classifyEra` answer modern: no second read of both headers.
      if (deferVersion) return this.serveModern(req, res, body, namesSse);
      const headers = req.headers; // one call of Node's getter for both reads
      const era = classifyEra(
        {
          params: (body as { params?: unknown } | null)?.params,
          headerVersion: headers['mcp-protocol-version'] as string | undefined,
          hasSessionId: typeof headers[SESSION_HEADER] === 'string',
        },
        this.server.protocolEras,
      );
      if (era === 'modern') return this.serveModern(req, res, body, namesSse);
    }
    if (deferVersion) guardRequest(req, this.options);
    return serveLegacyPost(this.legacyHost, req, res, body, acceptsSse);
  }

  /**
   * A stateless 2026-07-28 POST: its request authorised (when the option is set), then served.
   * Not an async function: without an authoriser the served promise is returned as is, with no
   * promise and suspended frame of its own per call (what it throws at once `handlePost` answers).
   */
  private serveModern(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    namesSse: boolean,
  ): Promise<void> {
    const message = toMessageOrRefuse(body, this.options.maxJsonDepth);
    if (this.options.authorizeRequests && isJsonRpcRequest(message)) {
      return this.serveAuthorized(req, res, message, namesSse);
    }
    return this.serveModernMessage(req, res, message, namesSse);
  }

  /** {@link serveModern} once `authorizeRequests` accepted the request. */
  private async serveAuthorized(
    req: IncomingMessage,
    res: ServerResponse,
    message: JsonRpcRequest,
    namesSse: boolean,
  ) {
    await this.options.authorizeRequests!(req, [message]);
    await this.serveModernMessage(req, res, message, namesSse);
  }

  private serveModernMessage(
    req: IncomingMessage,
    res: ServerResponse,
    message: JsonRpcMessage,
    namesSse: boolean,
  ): Promise<void> {
    return serveModernPost(
      this.server,
      req,
      res,
      message,
      this.options.principal(req),
      this.report,
      this.options.keepAliveMs,
      namesSse,
    );
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

  /**
   * The caller's session when it is found without waiting (`HttpSessionRegistry.findLive`),
   * checked as {@link requireSession} checks it; else undefined (then ask `requireSession`).
   */
  private liveSession(req: IncomingMessage): HttpSessionChannel | undefined {
    const id = req.headers[SESSION_HEADER];
    if (typeof id !== 'string' || id === '') return undefined;
    const channel = this.sessions.findLive(id);
    if (channel) requireSamePrincipal(channel.principal, this.options.principal(req));
    return channel;
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

  private refuse(res: ServerResponse, error: unknown): void {
    writeRefusal(res, error, this.server, 'Streamable HTTP request');
  }
}
