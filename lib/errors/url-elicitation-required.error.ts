import { ErrorCode } from '../protocol/error-codes.js';
import type { ElicitRequestURLParams } from '../protocol/schema/index.js';
import { McpError } from './mcp.error.js';

/** One URL-mode elicitation of a -32042 error (`data.elicitations[]`). */
export type UrlElicitation = Pick<ElicitRequestURLParams, 'url' | 'message' | 'elicitationId'>;

/**
 * `-32042 URL elicitation required` (2025-11-25): the request cannot proceed until the user
 * completed the out-of-band interactions in `data.elicitations` (each `{ mode: 'url',
 * elicitationId, url, message }`); the client opens them and may retry after
 * `notifications/elicitation/complete`. Retired in 2026-07-28 (there: `ctx.elicitUrl()`).
 */
export class UrlElicitationRequiredError extends McpError {
  constructor(
    elicitations: readonly UrlElicitation[],
    message = elicitations.length > 1 ? 'URL elicitations required' : 'URL elicitation required',
  ) {
    super(ErrorCode.UrlElicitationRequired, message, {
      elicitations: elicitations.map((e) => ({ mode: 'url' as const, ...e })),
    });
    this.name = 'UrlElicitationRequiredError';
  }

  /** The elicitations the client must complete. */
  get elicitations(): Array<UrlElicitation & { mode: 'url' }> {
    return (this.data as { elicitations: Array<UrlElicitation & { mode: 'url' }> }).elicitations;
  }
}
