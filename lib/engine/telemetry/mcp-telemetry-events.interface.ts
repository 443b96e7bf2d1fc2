import type { RequestId } from '../../protocol/json-rpc.js';
import type { TransportKind } from '../transport-info.interface.js';

/** Protocol era of a request: `'legacy'` (2025 session) or `'modern'` (2026-07-28 stateless). */
export type McpTelemetryEra = 'legacy' | 'modern';

/**
 * What every traced operation's context object carries once it settled. The library fills these
 * before it publishes `asyncEnd` (and `error` first, when the operation failed).
 */
export interface McpTracedOutcome {
  /** Milliseconds from `start` to settlement (`performance.now()` based). */
  durationMs?: number;
  /** The thrown error (for a server request: the `McpError` its client is answered with). */
  error?: unknown;
  /**
   * Set by a `start` subscriber (the OpenTelemetry bridge) to run the operation inside its own
   * async context, so spans made by the handler become children of the request's span.
   */
  runInContext?: <T>(fn: () => T) => T;
}

/** Target names of a request, read from its params (low cardinality for tool/prompt). */
export interface McpRequestTarget {
  /** `tools/call`: the tool name. */
  toolName?: string;
  /** `prompts/get`: the prompt name. */
  promptName?: string;
  /** `resources/read`, `resources/subscribe`, ...: the resource URI. */
  resourceUri?: string;
}

/**
 * Context of `tracing:nestjs-mcp:server.request:*` (one per request the server serves, both eras,
 * every transport).
 */
export interface McpServerRequestEvent extends McpRequestTarget, McpTracedOutcome {
  readonly method: string;
  readonly requestId: RequestId;
  /** The 2025 session id (absent on a stateless request or a connection without an id). */
  readonly sessionId?: string;
  readonly transport: TransportKind;
  readonly era: McpTelemetryEra;
  readonly protocolVersion?: string;
  /** The request's `_meta` (read-only: `traceparent`, `tracestate`, `progressToken`, ...). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** The result sent (set on success). */
  result?: Record<string, unknown>;
  /** True when a `tools/call` result is a tool execution error (`isError: true`). */
  isError?: boolean;
}

/**
 * Context of `tracing:nestjs-mcp:client.request:*` (one per request an `McpClient` sends through
 * its typed operations or `request()`).
 */
export interface McpClientRequestEvent extends McpRequestTarget, McpTracedOutcome {
  readonly method: string;
  /** The client's name (`clientInfo.name`). */
  readonly client: string;
  readonly era?: McpTelemetryEra;
  readonly protocolVersion?: string;
  readonly sessionId?: string;
  /**
   * Extra `_meta` for the request: a `start` subscriber writes `traceparent`/`tracestate` here
   * and the client sends them in the request's `_meta`.
   */
  readonly meta: Record<string, unknown>;
  result?: unknown;
  isError?: boolean;
}

/**
 * Context of `tracing:nestjs-mcp:server.client-request:*`: a request the server sends to its
 * client (`ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`, `ctx.ping()`) on a 2025 session.
 */
export interface McpServerToClientRequestEvent extends McpTracedOutcome {
  readonly method: string;
  /** The id of the client request it was sent for. */
  readonly relatedRequestId: RequestId;
  readonly sessionId?: string;
  result?: unknown;
}

/** `nestjs-mcp:server.session.open` / `.close`: a 2025 session or stdio/WebSocket connection. */
export interface McpSessionEvent {
  readonly sessionId?: string;
  readonly transport: TransportKind;
  /** On close: milliseconds the session lived. */
  readonly durationMs?: number;
  /** On close: why it closed. */
  readonly reason?: string;
}

/** `nestjs-mcp:server.progress` (sent) and `nestjs-mcp:client.progress` (received). */
export interface McpProgressTelemetryEvent {
  readonly progressToken: unknown;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** `nestjs-mcp:client.connect` (handshake done) and `nestjs-mcp:client.disconnect`. */
export interface McpClientConnectionEvent {
  readonly client: string;
  readonly era?: McpTelemetryEra;
  readonly protocolVersion?: string;
  readonly serverName?: string;
  readonly sessionId?: string;
  /** On disconnect: milliseconds since connect. */
  readonly durationMs?: number;
  /** On disconnect: the transport's error, when it went away on its own. */
  readonly error?: Error;
}

/** What a {@link McpClusterTelemetryEvent} counts. */
export type McpClusterEventKind =
  /** A bus message from another instance was received and handed to the server. */
  | 'relayed'
  /** A bus message could not be published (Redis down or frozen). */
  | 'publish-failed'
  /** A store command failed (the request that needed it got the generic unavailable error). */
  | 'command-failed'
  /** A resumable stream was replayed from the shared event store (`Last-Event-ID`). */
  | 'replay'
  /** An unfinished task whose runner instance is gone was failed by another instance. */
  | 'task-orphaned';

/** Payload of the `cluster` channel: one counted event of the shared stores or the cluster. */
export interface McpClusterTelemetryEvent {
  readonly kind: McpClusterEventKind;
}
