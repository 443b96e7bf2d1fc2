/**
 * The user's part of the authorization code flow: where the browser comes back to, and showing
 * the authorization URL and waiting for that return. `LoopbackOAuthInteraction` is the one for
 * CLIs and desktop apps; a web app implements it with its own callback route.
 */
export interface McpOAuthInteraction {
  /**
   * The redirect URI to register and send (e.g. `http://127.0.0.1:PORT/callback`); may start
   * what receives it. Called before each authorization.
   */
  redirectUri(): string | Promise<string>;
  /**
   * Lets the user authorize at `authorizationUrl` (open a browser, print it, ...) and resolves
   * with the URL the authorization server redirected back to (with `code`, `state`, `iss` or
   * `error` in its query).
   */
  authorize(authorizationUrl: URL, redirectUri: string): Promise<URL | string>;
}
