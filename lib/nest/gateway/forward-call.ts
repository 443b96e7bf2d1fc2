import type { McpCallOptions } from '../../client/mcp-client-options.interface.js';
import { McpError } from '../../errors/mcp.error.js';
import { forwardInputRound } from './forward-input-round.js';
import { PRINCIPAL_CLAIM_META_KEY, signPrincipalClaim } from '../../engine/principal-claim.js';
import type { McpGatewayPrincipalClaims } from './mcp-gateway-options.interface.js';
import { RequestCancelledError } from '../../errors/request-cancelled.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { isInputRequired } from '../../server/mrtr/input-required.interrupt.js';

/** Injection token of the gateway's `principalClaims` (null when it signs none). */
export const MCP_GATEWAY_CLAIMS = 'nestjs-mcp:McpGatewayClaims';

/**
 * The upstream call's options for a downstream request: its cancellation, its progress (only
 * when the downstream client asked for it, and the timeout restarts on each), the upstream's
 * log messages of the call (sent on through `ctx.log`, so the downstream client's level
 * applies), its 2026-07-28 input rounds (asked of the downstream client under the upstream's
 * keys) and its W3C trace context passed on in `_meta`, with the caller's signed principal
 * `claim` when the gateway signs them.
 */
export function forwardedCallOptions(
  ctx: McpContext,
  signal: AbortSignal,
  claim?: Readonly<Record<string, unknown>>,
): McpCallOptions {
  const trace = { ...ctx.traceContext, ...claim };
  const wantsProgress = ctx.meta.progressToken !== undefined;
  return {
    signal,
    resetTimeoutOnProgress: true,
    onLog: ({ level, data, logger }) => ctx.log(level, data, logger),
    onInputRequired: forwardInputRound(ctx),
    ...(wantsProgress && {
      onProgress: ({ progress, total, message }) => ctx.progress(progress, total, message),
    }),
    ...(Object.keys(trace).length > 0 && { meta: { ...trace } }),
  };
}

/**
 * What the downstream client gets for an upstream failure: the upstream's own JSON-RPC error as
 * it is; a transport failure, a closed connection or a timeout as `-32603` naming the server (the
 * gateway's own upstream, so its reason is no secret of the downstream's).
 */
export function upstreamFailure(server: string, error: unknown): unknown {
  if (error instanceof McpError || error instanceof RequestCancelledError) return error;
  // A 2026-07-28 input round of the downstream request: the server turns it into input_required.
  if (isInputRequired(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new McpError(ErrorCode.InternalError, `MCP server "${server}" failed: ${reason}`, {
    server,
  });
}

/**
 * The `_meta` entry carrying the caller's signed identity to upstream `server`, or undefined when
 * the gateway signs none.
 */
export function principalClaimMeta(
  claims: McpGatewayPrincipalClaims | undefined,
  ctx: McpContext,
  server: string,
): Record<string, string> | undefined {
  if (!claims) return undefined;
  const principal = ctx.principal;
  if (principal === undefined) return undefined;
  const user = claims.user
    ? claims.user(ctx)
    : (ctx.transport.request as { user?: unknown } | undefined)?.user;
  return {
    [PRINCIPAL_CLAIM_META_KEY]: signPrincipalClaim(claims, {
      sub: principal,
      aud: server,
      ...(user !== undefined && { user }),
    }),
  };
}
