/**
 * Where handlers get a token for a downstream API that trusts the app's authorization server
 * (`ctx.auth.exchangeToken('https://api.internal')`): RFC 8693 token exchange of the caller's
 * access token at the in-app authorization server, configured with `tokenExchange`.
 */
export interface McpTokenExchanger {
  /**
   * A short-lived access token for `resource` (its `aud`), for the same user as `subjectToken`
   * (an access token the server issued), with `scopes` (default: every scope both the subject
   * token and the audience allow).
   * @throws TokenExchangeRefusal (`invalid_target`, `invalid_scope`, `invalid_grant`).
   */
  exchange(subjectToken: string, resource: string, scopes?: readonly string[]): Promise<string>;
}
