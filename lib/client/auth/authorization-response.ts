import { McpAuthError } from '../../errors/mcp-auth.error.js';

/** What the client expects of one authorization response. */
export interface ExpectedAuthorizationResponse {
  /** The `state` sent with the authorization request. */
  state: string;
  /** The issuer identifier of the authorization server (its validated metadata `issuer`). */
  issuer: string;
  /** The server's `authorization_response_iss_parameter_supported` (RFC 9207). */
  issSupported: boolean;
}

/**
 * Checks the redirect of an authorization response and gives its code: `state` must be the one
 * sent; `iss` (RFC 9207) must equal the issuer exactly (no URL normalisation) whenever it is
 * present, and must be present when the server advertises it; an `error` answer fails with its
 * code. The checks run before the code is looked at, so a forged response never reaches the
 * token endpoint.
 * @throws McpAuthError `state_mismatch`, `iss_missing`, `iss_mismatch`, the OAuth `error`
 *   (`access_denied`, ...), or `invalid_authorization_response` (no code).
 */
export function readAuthorizationResponse(
  redirect: URL,
  expected: ExpectedAuthorizationResponse,
): string {
  const params = redirect.searchParams;
  const state = params.get('state');
  if (state !== expected.state) {
    throw new McpAuthError(
      state === null
        ? 'The authorization response has no state'
        : 'The authorization response carries another state than the request: refusing it',
      'state_mismatch',
    );
  }
  const iss = params.get('iss');
  if (iss === null && expected.issSupported) {
    throw new McpAuthError(
      `The authorization server advertises the iss parameter but its response has none: refusing it`,
      'iss_missing',
    );
  }
  if (iss !== null && iss !== expected.issuer) {
    throw new McpAuthError(
      `The authorization response names issuer "${iss}", not "${expected.issuer}": refusing it`,
      'iss_mismatch',
    );
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    throw new McpAuthError(
      `Authorization refused: ${error}${description ? ` (${description})` : ''}`,
      error,
    );
  }
  const code = params.get('code');
  if (!code) {
    throw new McpAuthError(
      'The authorization response has no code',
      'invalid_authorization_response',
    );
  }
  return code;
}
