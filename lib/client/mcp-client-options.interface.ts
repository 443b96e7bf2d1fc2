import type {
  ClientCapabilities,
  CreateMessageRequestParams as CreateMessageParams,
  CreateMessageResult,
  ElicitRequestParams as ElicitParams,
  ElicitResult,
  Implementation as ClientInfo,
} from '../protocol/schema/index.js';
import type { ClientTransport } from './client-transport.interface.js';

/** A root the client exposes to servers (`roots/list`). */
export interface McpRoot {
  /** A `file://` URI. */
  uri: string;
  name?: string;
}

/** Answers the server's `sampling/createMessage` requests. */
export type SamplingHandler = (
  params: CreateMessageParams,
  context: { signal: AbortSignal },
) => Promise<CreateMessageResult> | CreateMessageResult;

/** Answers the server's `elicitation/create` requests (form and URL modes). */
export type ElicitationHandler = (
  params: ElicitParams,
  context: { signal: AbortSignal },
) => Promise<ElicitResult> | ElicitResult;

/** Options of an McpClient. */
export interface McpClientOptions {
  /**
   * How to reach the server: a transport, or a factory of transports (then a failed `connect()`
   * can be retried with a fresh one).
   */
  transport: ClientTransport | (() => ClientTransport);
  /** Identity sent in `initialize`. Default `{ name: 'nestjs-mcp-client', version: '0.1.0' }`. */
  clientInfo?: ClientInfo;
  /**
   * Capabilities to declare. Default: derived from the handlers given (`sampling`, `elicitation`
   * with form and URL modes, `roots` with `listChanged`).
   */
  capabilities?: ClientCapabilities;
  /** Revision to ask for. Default `2025-11-25`. */
  protocolVersion?: string;
  /** Default per-request timeout (ms). Default 30 000. */
  requestTimeoutMs?: number;
  /** Sampling handler; without it, sampling requests get a JSON-RPC error. */
  sampling?: SamplingHandler;
  /** Elicitation handler; schema defaults are filled into accepted content. */
  elicitation?: ElicitationHandler;
  /** Initial roots (enables the `roots` capability). */
  roots?: McpRoot[];
}

/** Per-call options of client operations. */
export interface McpCallOptions {
  /** Milliseconds before the call is cancelled on the server and rejects with RequestTimeoutError. */
  timeoutMs?: number;
  /** Cancels the call (the server gets `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Receives progress notifications of this call. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Restart the timeout when progress arrives. */
  resetTimeoutOnProgress?: boolean;
  /** Extra `_meta` for the request. */
  meta?: Record<string, unknown>;
}
