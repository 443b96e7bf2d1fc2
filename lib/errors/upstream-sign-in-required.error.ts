import { ErrorCode } from '../protocol/error-codes.js';
import { McpError } from './mcp.error.js';

/**
 * Why an upstream token cannot be had: none kept for this user (`not_signed_in`), the upstream
 * refused the refresh (`refresh_refused`: the grant was revoked or expired there), the access
 * expired and cannot be renewed (`expired`: no refresh token), or the kept
 * record cannot be opened (`unreadable`: altered, or sealed with a key no longer configured).
 */
export type UpstreamSignInReason = 'not_signed_in' | 'expired' | 'refresh_refused' | 'unreadable';

/**
 * The user must sign in with the upstream identity provider again before a tool can act as
 * them there (`ctx.auth.upstreamToken()`). An `McpError` (`-32600`, data `{ upstream, reason }`)
 * when no URL elicitation can send the user to sign in: the message says what to do and never
 * holds a token.
 */
export class UpstreamSignInRequiredError extends McpError {
  constructor(
    /** The upstream's name (`github`). */
    readonly upstream: string,
    /** Why. */
    readonly reason: UpstreamSignInReason,
  ) {
    super(ErrorCode.InvalidRequest, `Sign in with ${upstream} again: ${REASONS[reason]}`, {
      upstream,
      reason,
    });
    this.name = 'UpstreamSignInRequiredError';
  }
}

const REASONS: Record<UpstreamSignInReason, string> = {
  not_signed_in: 'no access to it is kept for this user',
  expired: 'the access expired and it gave no way to renew it',
  refresh_refused: 'it refused to renew the access',
  unreadable: 'the kept access cannot be read',
};
