import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  Implementation,
  Root,
} from '../protocol/schema/index.js';
import type { ClientTransport } from './client-transport.interface.js';

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
  /** Revision to ask for. Default `2025-11-25`. */
  protocolVersion?: string | undefined;
  /** Default per-request timeout (ms). Default 30 000. */
  requestTimeoutMs?: number | undefined;
  /** Sampling handler; without it, sampling requests get a JSON-RPC error. */
  sampling?: SamplingHandler | undefined;
  /** Elicitation handler; schema defaults are filled into accepted content. */
  elicitation?: ElicitationHandler | undefined;
  /** Initial roots (enables the `roots` capability). */
  roots?: McpRoot[] | undefined;
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
  /** Extra `_meta` for the request. */
  meta?: Record<string, unknown> | undefined;
}
