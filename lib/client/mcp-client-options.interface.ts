import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
  Root,
} from '../protocol/schema/index.js';
import type { McpClientCacheOptions } from './cache/mcp-client-cache.interface.js';
import type { McpLogMessage } from './mcp-client-events.interface.js';
import type { ClientTransport } from './client-transport.interface.js';
import type { InputRequiredHandler, McpInputRound } from './mrtr/input-round.interface.js';

/**
 * How the client picks the protocol revision on `connect()`:
 * - `'auto'` (default): probe with `server/discover`; speak the stateless 2026-07-28 era when the
 *   server offers it, otherwise fall back to `initialize` when the answer says legacy (an error,
 *   an HTTP 4xx, a result without a modern revision, a reply that is not MCP) and, with the HTTP
 *   fallback transport, to the legacy HTTP+SSE transport. No answer within `probeTimeoutMs` is
 *   no evidence: `connect()` fails with a `VersionNegotiationError` (never a silent fallback);
 * - `'legacy'`: `initialize` only, no probe (the behaviour before 2026-07-28);
 * - `{ pin }`: that revision only: a 2026 pin never initializes, a 2025 pin never probes; a server
 *   that does not offer it fails `connect()` with a `VersionNegotiationError`. A 2026 pin's
 *   `server/discover` waits `requestTimeoutMs` like any request.
 *
 * Time the transport spends authorizing (an OAuth login in a browser) is outside the probe's
 * clock, and a probe given up is never followed by a `notifications/cancelled` (the server's era
 * is what it asked).
 */
export type VersionNegotiation = 'legacy' | 'auto' | { pin: string };

/** A root the client exposes to servers (`roots/list`): a `file://` URI and an optional name. */
export type McpRoot = Root;

/** What a server-to-client request handler receives besides the params. */
export interface ServerRequestContext {
  /** Fires when the server cancels the request or the connection drops. */
  signal: AbortSignal;
}

/** Answers the server's `sampling/createMessage` requests. */
export type SamplingHandler = (
  params: CreateMessageRequestParams,
  context: ServerRequestContext,
) => Promise<CreateMessageResult> | CreateMessageResult;

/** Answers the server's `elicitation/create` requests (form and URL modes, told apart by `mode`). */
export type ElicitationHandler = (
  params: ElicitRequestParams,
  context: ServerRequestContext,
) => Promise<ElicitResult> | ElicitResult;

/** Answers the server's `roots/list` with the client's roots. */
export type RootsHandler = (context: ServerRequestContext) => Promise<McpRoot[]> | McpRoot[];

/** Options of an McpClient. */
export interface McpClientOptions {
  /**
   * How to reach the server: a transport, or a factory of transports (then a failed `connect()`
   * can be retried with a fresh one).
   */
  transport: ClientTransport | (() => ClientTransport);
  /** Identity sent in `initialize`. Default `{ name: 'nestjs-mcp-client', version: '0.1.0' }`. */
  clientInfo?: Implementation | undefined;
  /**
   * Capabilities to declare. Default: derived from the handlers given (`sampling`, `elicitation`
   * with form and URL modes, `roots` with `listChanged`).
   */
  capabilities?: ClientCapabilities | undefined;
  /**
   * Declares the MCP Apps extension (`io.modelcontextprotocol/ui`, HTML views): servers then list
   * tools with their `_meta.ui` views and the tools only views may call. Default false (a client
   * that renders no views sees plain tools).
   */
  apps?: boolean | undefined;
  /**
   * Legacy revision `initialize` asks for (see `versionNegotiation`). Default `2025-11-25`. Given
   * without `versionNegotiation`, it means `'legacy'`: the client initializes with this revision
   * and does not probe for 2026-07-28.
   */
  protocolVersion?: string | undefined;
  /** How the protocol revision is chosen. Default `'auto'` (`'legacy'` when `protocolVersion` is set). */
  versionNegotiation?: VersionNegotiation | undefined;
  /**
   * `versionNegotiation: 'auto'`: milliseconds the `server/discover` probe waits for an answer,
   * authorization time not counted, before `connect()` fails. Default: `requestTimeoutMs`
   * (30 000).
   */
  probeTimeoutMs?: number | undefined;
  /**
   * 2026-07-28: log level sent in every request's `_meta`. `setLogLevel()` changes it. Default
   * `'debug'`: `logs$` gets every level, as from a 2025 server, which logs at every level until
   * `logging/setLevel`. Ignored by legacy servers (use `setLogLevel()`).
   */
  logLevel?: LoggingLevel | undefined;
  /** 2026-07-28: most `input_required` rounds one call answers before `InputRoundLimitError`. Default 10. */
  maxInputRounds?: number | undefined;
  /** 2026-07-28 manual MRTR mode for every call (see {@link InputRequiredHandler}). */
  onInputRequired?: InputRequiredHandler | undefined;
  /** Default per-request timeout (ms). Default 30 000. */
  requestTimeoutMs?: number | undefined;
  /** Sampling handler; without it, sampling requests get a JSON-RPC error. */
  sampling?: SamplingHandler | undefined;
  /** Elicitation handler; schema defaults are filled into accepted content. */
  elicitation?: ElicitationHandler | undefined;
  /** Initial roots (enables the `roots` capability). */
  roots?: McpRoot[] | undefined;
  /**
   * Answers the server's `roots/list` (and 2026-07-28 roots input requests) itself, instead of
   * the `roots` list: e.g. a gateway asking its own client. Enables the `roots` capability.
   */
  listRoots?: RootsHandler | undefined;
  /**
   * 2026-07-28 cache hints: list and read results are reused while their `ttlMs` lasts (see
   * {@link McpClientCacheOptions}; a call's `fresh: true` bypasses it). Default: on, in memory,
   * per client. `false` turns it off.
   */
  cache?: false | McpClientCacheOptions | undefined;
  /**
   * 2026-07-28: milliseconds a `subscriptions/listen` stream may take to acknowledge before it
   * fails with a `ListenError` (`'not-acknowledged'`). Default 10 000.
   */
  listenAckTimeoutMs?: number | undefined;
}

/** Progress of one call, as its `onProgress` receives it. */
export interface McpCallProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** Per-call options of client operations. */
export interface McpCallOptions {
  /** Milliseconds before the call is cancelled on the server and rejects with RequestTimeoutError. */
  timeoutMs?: number | undefined;
  /** Cancels the call (the server gets `notifications/cancelled`). */
  signal?: AbortSignal | undefined;
  /** Receives progress notifications of this call. */
  onProgress?: ((progress: McpCallProgress) => void) | undefined;
  /**
   * The `_meta.progressToken` to send, e.g. an id of your own to match the server's progress
   * (on `progress$` or `onProgress`). Default: a token is made (the request id) when `onProgress`
   * is given. A token another pending call of this client uses is refused: the call rejects with
   * a `TypeError` and nothing is sent.
   */
  progressToken?: string | number | undefined;
  /** Restart the timeout when progress arrives. */
  resetTimeoutOnProgress?: boolean | undefined;
  /**
   * Receives the server's log messages (`notifications/message`) sent for this call, where the
   * transport tells which request a message belongs to (Streamable HTTP: the call's reply
   * stream; NATS and RabbitMQ: the call's replies). They reach `logs$` too.
   */
  onLog?: ((message: McpLogMessage) => void) | undefined;
  /**
   * Answers the server requests (`elicitation/create`, `sampling/createMessage`, `roots/list`)
   * sent for this call, in place of the client's handlers, where the transport tells which
   * request they belong to (as for `onLog`). Over stdio, WebSocket and the legacy SSE transport
   * the protocol does not say it: the client's handlers answer them.
   */
  input?: Pick<McpClientOptions, 'elicitation' | 'sampling' | 'listRoots'> | undefined;
  /** Extra `_meta` for the request. */
  meta?: Record<string, unknown> | undefined;
  /** 2026-07-28: manual MRTR mode for this call (overrides the client's). */
  onInputRequired?: InputRequiredHandler | undefined;
  /** 2026-07-28: sees each `input_required` round of this call before it is answered. */
  onInputRound?: ((round: McpInputRound) => void) | undefined;
  /** 2026-07-28: round limit of this call (overrides the client's `maxInputRounds`). */
  maxInputRounds?: number | undefined;
  /**
   * 2026-07-28 cache: ask the server even when a fresh cached result exists (the answer refreshes
   * the cache). Default `false`.
   */
  fresh?: boolean | undefined;
}
