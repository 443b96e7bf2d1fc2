import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import type { FetchLike } from '../dpop/dpop-fetch.js';
import type {
  McpTokenRequest,
  McpTokenRequester,
  McpTokenResponse,
} from './token-request.interface.js';

/**
 * A {@link McpTokenRequester} over `fetch`: POSTs the form, reads the JSON answer.
 * @throws McpAuthError with the server's `error` code (and `error_description`) and HTTP status
 *   on an error answer; `invalid_token_response` when a success answer has no `access_token` or
 *   `token_type`, or is not JSON; `token_request_failed` when the request cannot be sent.
 */
export function fetchTokenRequester(fetchImpl: FetchLike = globalThis.fetch): McpTokenRequester {
  return async (request: McpTokenRequest): Promise<McpTokenResponse> => {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          ...request.headers,
        },
        body: new URLSearchParams(request.params).toString(),
      });
    } catch (error) {
      throw new McpAuthError(
        `The token request to ${request.url} failed: ${error instanceof Error ? error.message : String(error)}`,
        'token_request_failed',
        undefined,
        { cause: error },
      );
    }
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        body = parsed as Record<string, unknown>;
      }
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const code = typeof body?.error === 'string' ? body.error : 'token_request_failed';
      const description =
        typeof body?.error_description === 'string' ? `: ${body.error_description}` : '';
      throw new McpAuthError(
        `The token endpoint ${request.url} refused the ${request.params.grant_type ?? ''} request (HTTP ${response.status} ${code}${description})`,
        code,
        response.status,
      );
    }
    if (typeof body?.access_token !== 'string' || typeof body.token_type !== 'string') {
      throw new McpAuthError(
        `The token endpoint ${request.url} answered without access_token and token_type`,
        'invalid_token_response',
        response.status,
      );
    }
    return body as unknown as McpTokenResponse;
  };
}
