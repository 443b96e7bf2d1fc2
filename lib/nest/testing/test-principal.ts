import type { McpAuthInfo } from '../../server/auth/mcp-auth-info.interface.js';

/**
 * Who a test client calls as (`createMcpTestClient`'s `auth` option): what a verified access
 * token would say. The module's token checks, `@McpScopes()`, guards and `hideDeniedFromLists`
 * then decide as they do for an HTTP request bearing such a token.
 */
export interface McpTestPrincipal {
  /** The resource owner (the token's `sub`). Default none. */
  subject?: string;
  /** The granted scopes. Default none. */
  scopes?: readonly string[];
  /** The OAuth client the token was issued to (`client_id`). Default none. */
  clientId?: string;
  /** More claims, beside the `sub`, `client_id` and `scope` made from the fields above. */
  claims?: Readonly<Record<string, unknown>>;
  /** The token string guards see in `authOf(req).token`. Default `'mcp-test-token'`. */
  token?: string;
}

/**
 * The verified-token facts of a test principal, as a verifier would have returned them for
 * `resource` (the module's `auth.resource`, the audience).
 * @throws TypeError when `scopes` is not a list of strings.
 */
export function testAuthInfo(principal: McpTestPrincipal, resource?: string): McpAuthInfo {
  const { subject, clientId, scopes = [] } = principal;
  if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== 'string')) {
    throw new TypeError('createMcpTestClient: auth.scopes must be a list of scope names');
  }
  return {
    token: principal.token ?? 'mcp-test-token',
    ...(subject !== undefined && { subject }),
    ...(clientId !== undefined && { clientId }),
    scopes: [...scopes],
    audience: resource === undefined ? [] : [resource],
    claims: {
      ...(subject !== undefined && { sub: subject }),
      ...(clientId !== undefined && { client_id: clientId }),
      ...(scopes.length > 0 && { scope: scopes.join(' ') }),
      ...principal.claims,
    },
  };
}
