import type { TransportInfo } from '../../engine/transport-info.interface.js';
import type { McpSession } from './mcp-session.js';

/** Who opened a 2025-era session, as the `sessionState` option sees it at `initialize`. */
export interface McpSessionCaller {
  /** The authenticated principal the transport bound the session to (HTTP `principal(req)`). */
  readonly principal?: string;
  /** `request.user` as an HTTP guard or middleware set it on the initialize request, if any. */
  readonly user?: unknown;
  /** The transport of the `initialize` request (headers, remote address, request). */
  readonly transport: TransportInfo;
}

/**
 * Option `sessionState`: the initial per-session state (Hermes `assigns` inherited from the auth
 * pipeline), computed once per session at `initialize`. Its entries go into `session.state`, and
 * `ctx.clearSession()` restores them.
 */
export type McpSessionStateSeed = (caller: McpSessionCaller) => Record<string, unknown> | undefined;

/** Runs the seed for `session` (at `initialize`) and fills its state. */
export function seedSessionState(
  session: McpSession,
  transport: TransportInfo,
  seed: McpSessionStateSeed | undefined,
): void {
  if (!seed) return;
  const user = (transport.request as { user?: unknown } | undefined)?.user;
  const caller: McpSessionCaller = {
    transport,
    ...(session.principal !== undefined && { principal: session.principal }),
    ...(user !== undefined && { user }),
  };
  const initial = seed(caller);
  if (initial) session.stateSeed = Object.freeze({ ...initial });
  session.resetState();
}
