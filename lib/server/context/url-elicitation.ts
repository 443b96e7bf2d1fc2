import { randomUUID } from 'node:crypto';
import { McpError } from '../../errors/mcp.error.js';
import {
  UrlElicitationRequiredError,
  type UrlElicitation,
} from '../../errors/url-elicitation-required.error.js';
import type { ElicitResult } from '../../protocol/schema/index.js';
import { requestClient, requestInput, requireInputCapability } from './client-input.js';
import type { InputRequestOptions } from './input-request-options.interface.js';
import type { RequestScope } from './request-scope.interface.js';

/** What `ctx.elicitUrl()` takes: the URL to open, why, and optionally your own id. */
export interface ElicitUrlParams {
  /** The URL the user opens (your page, an OAuth authorize URL, ...). */
  url: string;
  /** Why the user should open it (shown by the client). */
  message: string;
  /**
   * The id the completion is keyed by (2025 era); default a random UUID. Put it into `url` (or
   * your state) so the callback can call `McpElicitations.complete(id)`.
   */
  elicitationId?: string;
}

/** The URL-mode elicitation of a -32042 error; `elicitationId` defaults to a random UUID. */
export type UrlElicitationParams = Omit<UrlElicitation, 'elicitationId'> & {
  elicitationId?: string;
};

/**
 * `ctx.elicitUrl()`. 2025 era: sends a URL-mode `elicitation/create`; on accept, waits until
 * `McpElicitations.complete(id)` (which sends `notifications/elicitation/complete`), a cancel, or
 * the session's end. 2026-07-28: an input round (no id, no completion notification in that era),
 * resolved with the client's answer on the retry.
 */
export async function elicitUrl(
  scope: RequestScope,
  params: ElicitUrlParams,
  options: InputRequestOptions = {},
): Promise<ElicitResult> {
  const request = { mode: 'url' as const, message: params.message, url: params.url };
  if (scope.protocol.era === 'modern') {
    return (await requestInput(scope, 'elicitation/create', request, options)) as ElicitResult;
  }
  requireInputCapability(scope, 'elicitation/create', request);
  const registry = scope.notifier.elicitations;
  if (!scope.session || !registry) {
    throw McpError.invalidRequest('URL elicitation needs a session to complete it on');
  }
  const elicitationId = params.elicitationId ?? randomUUID();
  registry.open(elicitationId, scope.session, scope.requestId);
  try {
    const result = (await requestClient(
      scope,
      'elicitation/create',
      { ...request, elicitationId },
      options,
    )) as ElicitResult;
    if (result.action !== 'accept') return result;
    const signal = options.signal ? AbortSignal.any([options.signal, scope.signal]) : scope.signal;
    await registry.completion(elicitationId, signal);
    return result;
  } finally {
    registry.forget(elicitationId);
  }
}

/**
 * `ctx.urlElicitationRequired()`: the -32042 error to throw (2025-11-25), its elicitations
 * opened for this session so `McpElicitations.complete(id)` notifies the client later.
 */
export function urlElicitationRequired(
  scope: RequestScope,
  elicitations: readonly UrlElicitationParams[],
): UrlElicitationRequiredError {
  if (scope.protocol.era === 'modern') {
    throw McpError.invalidRequest(
      'URL elicitation required (-32042) is retired in 2026-07-28: use ctx.elicitUrl(), which asks in an input round',
    );
  }
  requireInputCapability(scope, 'elicitation/create', { mode: 'url' });
  const withIds = elicitations.map((e) => ({
    ...e,
    elicitationId: e.elicitationId ?? randomUUID(),
  }));
  const registry = scope.notifier.elicitations;
  if (scope.session && registry) {
    for (const e of withIds) registry.open(e.elicitationId, scope.session);
  }
  return new UrlElicitationRequiredError(withIds);
}
