import type { z } from 'zod';
import type { McpServerOptions } from '../mcp-server-options.interface.js';
import type {
  ClientRequestMethod,
  ClientRequestParamsOf,
  ClientRequestResultOf,
} from '../../protocol/schema/index.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { ListenHub } from '../listen/listen-hub.js';
import type { PrimitiveLookup } from '../registry/registry-view.interface.js';
import type { SERVED_PARAMS_OVERRIDES } from './served-params.js';
import type { InputRoundSettings } from '../mrtr/input-round-settings.js';
import type { ServerErrorLog } from '../errors/server-error-log.js';
import type { TaskEngine } from '../tasks/task-engine.js';

/**
 * The client → server methods this server answers in the session era: every 2025-11-25 request
 * (the experimental `tasks/*` are gated on the `tasks` capability, advertised once a tool
 * supports tasks).
 */
export type ServedMethod = ClientRequestMethod;

type Overrides = typeof SERVED_PARAMS_OVERRIDES;

/** The parsed params a handler of `M` receives (the table's schema unless overridden). */
export type ServedParamsOf<M extends ServedMethod> = M extends keyof Overrides
  ? z.infer<Overrides[M]>
  : ClientRequestParamsOf<M>;

/** What a handler reads from the server: registries (read-only), options, the initialize result. */
export interface HandlerHost {
  /** The registries, read-only. */
  readonly primitives: PrimitiveLookup;
  /** The server's options (logger, identity, ...). */
  readonly options: McpServerOptions;
  /** Page size of list results. */
  readonly pageSize: number;
  /** MRTR settings: the `requestState` codec and the round limit (built once). */
  readonly inputRounds: InputRoundSettings;
  /** The server's error log (client errors rate-limited, faults with a correlation id). */
  readonly errors: ServerErrorLog;
  /**
   * The revision `initialize` answers for the one the client asked: that one when supported
   * (option `protocolVersions`), else the newest supported.
   * @throws McpError -32602 when this server supports no 2025 revision at all.
   */
  negotiateVersion(requested: unknown): string;
  /** The `initialize` result for a negotiated revision (capabilities as of now). */
  initializeResult(protocolVersion: string): ClientRequestResultOf<'initialize'>;
  /** The `server/discover` result body (without cache hints and `_meta`), built once per change. */
  discoverResult(): Record<string, unknown>;
  /** The tasks of this server (records, live runs, input). */
  readonly tasks: TaskEngine;
  /** The `subscriptions/listen` streams; undefined when the `listen` option is `false`. */
  readonly listen?: ListenHub;
}

/** Serves one MCP method: params already validated by the method's schema. Called per request. */
export type MethodHandler<M extends ServedMethod> = (
  params: ServedParamsOf<M>,
  scope: RequestScope,
  host: HandlerHost,
) => Promise<ClientRequestResultOf<M>> | ClientRequestResultOf<M>;
