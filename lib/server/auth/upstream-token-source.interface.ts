/**
 * Where handlers get a signed-in user's token at an upstream identity provider
 * (`ctx.auth.upstreamToken('github')`): the in-app authorization server when an upstream keeps
 * its tokens (`keepTokens`). Tokens never leave it but through {@link accessToken}.
 */
export interface McpUpstreamTokenSource {
  /**
   * A fresh access token of `upstream` for `subject`, refreshed with the kept refresh token when
   * it expired (one refresh at a time per user and upstream).
   * @throws UpstreamSignInRequiredError when the user must sign in with the upstream again.
   */
  accessToken(subject: string, upstream: string): Promise<string>;
  /**
   * The page that signs `subject` in with `upstream` again and keeps the new tokens (a URL
   * elicitation sends the user there); `elicitationId` is completed when they are back.
   * `claims` are the asking access token's, so the new tokens belong to its grant.
   */
  signInUrl(
    subject: string,
    upstream: string,
    elicitationId: string,
    claims?: Readonly<Record<string, unknown>>,
  ): string;
  /**
   * Calls `listener` with the `elicitationId` of a {@link signInUrl} once its user signed in
   * again (`McpModule` completes the URL elicitation with it).
   */
  onSignedIn?(listener: (elicitationId: string) => void): void;
}
