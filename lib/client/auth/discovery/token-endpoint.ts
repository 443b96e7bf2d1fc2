import { describeFetchError } from './connect-retry-fetch.js';
import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import {
  BUILT_IN_CLIENT_AUTHENTICATORS,
  type ClientAuthenticationContext,
  type ClientAuthenticator,
} from '../client-authentication.js';
import type { OAuthFetch } from './fetch-json.js';
import { TokenResponseSchema, type TokenResponse } from './oauth-metadata.js';

/** One token request (any grant). */
export interface TokenRequest {
  tokenEndpoint: URL;
  issuer: string;
  /** The grant's own parameters (`grant_type`, `code`, `refresh_token`, `resource`, ...). */
  params: Record<string, string | undefined>;
  /** The client and the auth method it uses (`context.client.tokenEndpointAuthMethod`). */
  client: ClientAuthenticationContext['client'];
  /** The auth method to apply. */
  method: string;
  /** Extra methods beside the built-in ones (e.g. `private_key_jwt`). */
  authenticators?: Readonly<Record<string, ClientAuthenticator>> | undefined;
  /** Extra request headers (e.g. a `DPoP` proof). */
  headers?: Record<string, string> | undefined;
}

/**
 * POSTs a token request as a form (RFC 6749 §3.2) with the client's authentication and parses
 * the answer. An OAuth error answer becomes an `McpAuthError` whose `code` is its `error`.
 * @throws McpAuthError with the server's `error` (`invalid_grant`, `invalid_client`, ...), or
 *   `unsupported_auth_method`, `token_request_failed` (no answer, not JSON, not a token response).
 */
export async function requestToken(
  fetchFn: OAuthFetch,
  request: TokenRequest,
): Promise<TokenResponse> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(request.params)) {
    if (value !== undefined) body.set(name, value);
  }
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    ...request.headers,
  };
  const authenticate =
    request.authenticators?.[request.method] ?? BUILT_IN_CLIENT_AUTHENTICATORS[request.method];
  if (!authenticate) {
    throw new McpAuthError(
      `Token endpoint auth method "${request.method}" is not supported by this client`,
      'unsupported_auth_method',
    );
  }
  await authenticate(body, headers, {
    tokenEndpoint: request.tokenEndpoint,
    issuer: request.issuer,
    client: request.client,
  });
  const grant = body.get('grant_type') ?? 'token';
  let response: Response;
  try {
    response = await fetchFn(request.tokenEndpoint, {
      method: 'POST',
      headers,
      body: body.toString(),
    });
  } catch (error) {
    if (error instanceof McpAuthError) throw error; // e.g. a DPoP fetch whose key is unusable
    throw new McpAuthError(
      `Token request (${grant}) to ${request.tokenEndpoint.href} failed: ${describeFetchError(error)}`,
      'token_request_failed',
      undefined,
      { cause: error },
    );
  }
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: unknown } | undefined)?.error;
    const description = (json as { error_description?: unknown } | undefined)?.error_description;
    if (typeof error === 'string') {
      throw new McpAuthError(
        `Token request (${grant}) refused: ${error}${typeof description === 'string' ? ` (${description})` : ''}`,
        error,
        response.status,
      );
    }
    throw new McpAuthError(
      `Token request (${grant}) answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      'token_request_failed',
      response.status,
    );
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new McpAuthError(
      `Token request (${grant}) answered something that is not a token response`,
      'token_request_failed',
      response.status,
    );
  }
  return parsed.data;
}
