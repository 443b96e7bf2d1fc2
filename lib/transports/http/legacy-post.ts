import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import {
  isJsonRpcRequest,
  type JsonRpcMessage,
  type JsonRpcRequest,
  type RequestId,
} from '../../protocol/json-rpc.js';
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION } from '../../protocol/versions.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import { httpTransportInfo } from './http-transport-info.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import { HttpSessionChannel } from './http-session-channel.js';
import type { HttpSessionRegistry } from './http-session-registry.js';
import {
  openInitializeSession,
  SESSION_HEADER,
  type InitializeSession,
} from './initialize-session.js';
import type { EncodeFailureReport } from '../../protocol/encode-message.js';
import { admitRequests } from '../shared/http/request-admission.js';
import { HttpRefusal, toMessageOrRefuse } from '../shared/http/http-refusal.js';
import { NO_HEADERS, writeEmpty } from '../shared/http/http-response.js';
import { awaitForwarded } from './store-refusal.js';
import { isThenable } from '../../engine/is-thenable.js';
import type { ResolvedStreamableHttpOptions } from './streamable-http.options.js';

/** What a 2025-era POST needs from its {@link StreamableHttpHandler}. */
export interface LegacyPostHost {
  readonly server: McpServerPort;
  readonly options: ResolvedStreamableHttpOptions;
  readonly sessions: HttpSessionRegistry;
  readonly eventStore: EventStore;
  /** Where a reply that cannot be encoded is reported: the handler's, built once. */
  readonly report: EncodeFailureReport;
  /** The caller's session from `Mcp-Session-Id` (400 without, 404 unknown, 403 foreign). */
  requireSession(req: IncomingMessage): Promise<HttpSessionChannel>;
  /** The caller's session when found without waiting (403 foreign), else undefined. */
  liveSession(req: IncomingMessage): HttpSessionChannel | undefined;
}

/**
 * Serves a 2025-era POST whose body is read: checks the messages (an `initialize` alone, batches
 * only in 2025-03-26, no request id already in flight), finds or opens the session (a new one
 * for `initialize`, a throw-away one in stateless mode), admits the requests against the limits
 * and feeds the messages to the session: 202 for notifications and responses only, else an
 * exchange answering as JSON or SSE. Not an async function: a POST to a live session, with no
 * `authorizeRequests` option and nothing forwarded to another instance (every `tools/call`),
 * is served at once and returns undefined, with no promise nor suspended frame per request; a
 * promise when it has to wait (a session from the store, the authorizer, a forwarded message).
 * Its refusals are thrown (or the promise rejects with them).
 */
export function serveLegacyPost(
  host: LegacyPostHost,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  acceptsSse: boolean,
): Promise<void> | undefined {
  const batch = Array.isArray(body);
  const messages = batch
    ? toMessages(body, host.options.maxJsonDepth)
    : [toMessageOrRefuse(body, host.options.maxJsonDepth)];
  const requests = requestsOf(messages, batch);
  const initialize = findInitialize(requests);
  if (initialize && messages.length > 1) {
    throw new HttpRefusal(
      400,
      ErrorCode.InvalidRequest,
      'initialize must be sent alone',
      initialize.id,
    );
  }
  const post: LegacyPost = { host, req, res, messages, requests, batch, acceptsSse };
  if (host.options.stateless) return serveOn(post, transientChannel(host, req, !initialize));
  if (initialize) {
    if (req.headers[SESSION_HEADER]) {
      throw new HttpRefusal(
        400,
        ErrorCode.InvalidRequest,
        'initialize must not carry a session id',
        initialize.id,
      );
    }
    const opened = openInitializeSession(host.sessions, {
      principal: host.options.principal(req),
      remoteAddress: host.options.clientAddress(req),
    });
    return serveOn(post, opened.channel, opened);
  }
  const live = host.liveSession(req);
  if (live) return serveOn(post, live);
  return host.requireSession(req).then((channel) => serveOn(post, channel));
}

/** A 2025-era POST being served: what {@link serveLegacyPost} sorted out of its body. */
interface LegacyPost {
  readonly host: LegacyPostHost;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly messages: JsonRpcMessage[];
  readonly requests: readonly JsonRpcRequest[];
  readonly batch: boolean;
  readonly acceptsSse: boolean;
}

/** What an `initialize` POST's new session adds to its exchange (its `Mcp-Session-Id` reply). */
type InitializeReply = Pick<InitializeSession, 'headers'>;

/** The POST on its session: checked against it, authorised, then delivered (see {@link deliver}). */
function serveOn(
  post: LegacyPost,
  channel: HttpSessionChannel,
  opened?: InitializeReply,
): Promise<void> | undefined {
  const { batch, requests } = post;
  if (batch && channel.session.protocol.protocolVersion !== '2025-03-26') {
    throw new HttpRefusal(
      400,
      ErrorCode.InvalidRequest,
      'JSON-RPC batches exist only in protocol 2025-03-26',
    );
  }
  const duplicate = findInFlight(requests, channel);
  if (duplicate) {
    throw new HttpRefusal(
      400,
      ErrorCode.InvalidRequest,
      `Request id ${duplicate.id} is already in use`,
      duplicate.id,
    );
  }
  // Waited for only when set and only when it answers with a promise: no turn per POST otherwise.
  const { authorizeRequests } = post.host.options;
  const authorizing = authorizeRequests ? authorizeRequests(post.req, requests) : undefined;
  if (isThenable(authorizing)) return authorizing.then(() => deliver(post, channel, opened));
  return deliver(post, channel, opened);
}

/** Admits the requests and feeds the messages to the session (202, or an exchange). */
function deliver(
  post: LegacyPost,
  channel: HttpSessionChannel,
  opened: InitializeReply | undefined,
): Promise<void> | undefined {
  const { host, req, res, messages, requests, batch } = post;
  const { session } = channel;
  admitRequests(host.server, session, requests, batch);
  const extra: MessageExtra = {
    transport: httpTransportInfo(req, res, channel),
  };
  if (requests.length === 0) {
    // An answer or cancellation for another instance is published first: 202 only once it went.
    // One message (every `notifications/initialized`): no mapped copy nor callback for it.
    const forwarded = awaitForwarded(
      batch
        ? messages.map((message) => session.receive(message, extra))
        : [session.receive(messages[0]!, extra)],
    );
    if (forwarded) return forwarded.then(() => acknowledge(host, res, channel));
    acknowledge(host, res, channel);
    return undefined;
  }
  channel.openExchange(res, requests.map(idOf), {
    acceptsSse: post.acceptsSse,
    batch,
    headers: opened?.headers ?? NO_HEADERS,
    initialize: opened !== undefined,
  });
  if (host.options.stateless) {
    res.on('close', () => session.close('Connection closed'));
  }
  for (const message of messages) session.receive(message, extra);
  return undefined;
}

/** 202 for a POST of notifications and responses only (its throw-away session then closed). */
function acknowledge(host: LegacyPostHost, res: ServerResponse, channel: HttpSessionChannel): void {
  writeEmpty(res, 202);
  if (host.options.stateless) channel.session.close();
}

/** A POST of notifications and responses only carries no request (shared, never written to). */
const NO_REQUESTS: readonly JsonRpcRequest[] = Object.freeze([]);

/**
 * The requests among a POST's messages. A single message is served without a filtered copy (and
 * the helpers below take no closure): this runs for every POST.
 */
function requestsOf(messages: JsonRpcMessage[], batch: boolean): readonly JsonRpcRequest[] {
  if (batch) return messages.filter(isJsonRpcRequest);
  return isJsonRpcRequest(messages[0]!) ? (messages as JsonRpcRequest[]) : NO_REQUESTS;
}

function findInitialize(requests: readonly JsonRpcRequest[]): JsonRpcRequest | undefined {
  for (const request of requests) if (request.method === 'initialize') return request;
  return undefined;
}

/** The first request whose id the session is already serving. */
function findInFlight(
  requests: readonly JsonRpcRequest[],
  channel: HttpSessionChannel,
): JsonRpcRequest | undefined {
  for (const request of requests) if (channel.isInFlight(request.id)) return request;
  return undefined;
}

const idOf = (request: JsonRpcRequest): RequestId => request.id;

function toMessages(items: unknown[], maxJsonDepth: number | undefined): JsonRpcMessage[] {
  if (items.length === 0) throw new HttpRefusal(400, ErrorCode.InvalidRequest, 'Empty batch');
  return items.map((item) => toMessageOrRefuse(item, maxJsonDepth));
}

/** Stateless mode: a throw-away session for one POST, closed when the reply is done. */
function transientChannel(
  host: LegacyPostHost,
  req: IncomingMessage,
  initialized: boolean,
): HttpSessionChannel {
  const session = host.server.createSession(undefined, 'streamable-http');
  const header = req.headers['mcp-protocol-version'];
  session.protocol = {
    protocolVersion: typeof header === 'string' ? header : DEFAULT_NEGOTIATED_PROTOCOL_VERSION,
    clientCapabilities: {},
  };
  session.initialized = initialized;
  session.ephemeral = true;
  const channel = new HttpSessionChannel(session, host.options, host.eventStore, host.report);
  return channel;
}
