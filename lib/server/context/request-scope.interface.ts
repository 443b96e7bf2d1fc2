import type { McpUpstreamTokenSource } from '../auth/upstream-token-source.interface.js';
import type { McpTokenExchanger } from '../auth/token-exchanger.interface.js';
import type { JsonRpcPeer } from '../../engine/json-rpc-peer.js';
import type { RequestOutlet } from '../../engine/request-outlet.interface.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import type { McpSession } from '../session/mcp-session.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import type { ProtocolContext } from '../../protocol/protocol-context.interface.js';
import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { InputRoundPort } from '../mrtr/input-round.js';
import type { McpElicitations } from '../elicitation/mcp-elicitations.js';
import type { ServerLimits } from '../limits/server-limits.js';
import type { InputMethod } from '../mrtr/input-answers.js';

/** Server-wide notifications a handler may trigger. */
export interface ServerNotifier {
  /** Tells subscribed clients that a resource changed. */
  notifyResourceUpdated(uri: string): void;
  /** Tells clients that a list changed. */
  notifyListChanged(kind: 'tools' | 'prompts' | 'resources'): void;
  /** URL-mode elicitations waiting for completion (`notifications/elicitation/complete`). */
  readonly elicitations?: McpElicitations;
  /** The server's caps (`maxPendingClientRequestsPerSession` is checked by input calls). */
  readonly limits?: ServerLimits;
  /**
   * Where `ctx.auth` gets what it hands out: `upstreamTokens` (for `upstreamToken()`) and
   * `tokenExchange` (for `exchangeToken()`), the server options of those names.
   */
  readonly authSources?: {
    readonly upstreamTokens?: McpUpstreamTokenSource | undefined;
    readonly tokenExchange?: McpTokenExchanger | undefined;
  };
}

/** Everything the engine knows about one incoming request. Built once per request. */
export interface RequestScope {
  readonly requestId: RequestId;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** The params as received, before the method's schema parsed them (`ctx.rawParams`). */
  readonly rawParams?: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
  readonly protocol: ProtocolContext;
  readonly transport: TransportInfo;
  /** The legacy-era session, or undefined for stateless requests. */
  readonly session?: McpSession;
  /**
   * The session peer (legacy era): related notifications and server-to-client requests.
   * Absent for stateless 2026-07-28 requests, which talk back through {@link outlet} only.
   */
  readonly peer?: JsonRpcPeer<MessageExtra>;
  /** Request-related notifications of a stateless request (takes precedence over `peer`). */
  readonly outlet?: RequestOutlet;
  /** Who sent the request (HTTP: the transport's `principal(req)`; stdio: `'stdio'`). */
  readonly principal?: string;
  readonly notifier: ServerNotifier;
  /** The input round of a tools/call, prompts/get or resources/read run (set by the MRTR runner). */
  readonly inputRound?: InputRoundPort;
  /** Set while the handler runs as a task: input calls wait on the task (both eras). */
  readonly task?: TaskInputPort;
  /**
   * Set for a tool with `task: { start: 'manual' }` called by a client that can take a task:
   * turns the call into a task and returns the scope the handler continues with.
   */
  readonly startTask?: () => Promise<RequestScope>;
}

/** What an input call inside a task asks of the task. */
export interface TaskInputPort {
  /** Asks the client; resolves with its answer once it arrives. */
  ask(method: InputMethod, params: Record<string, unknown>, key?: string): Promise<unknown>;
}
