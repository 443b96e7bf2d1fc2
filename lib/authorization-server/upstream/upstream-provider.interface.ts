/** Who signed in at the upstream identity provider, as the authorization server sees it. */
export interface McpUpstreamIdentity {
  /** The upstream's name (`'github'`, `'google'`, your OIDC provider's `name`). */
  provider: string;
  /** The stable upstream id (GitHub user id, OIDC `sub`). */
  id: string;
  /** The principal the tokens carry as `sub`: `<provider>:<id>` unless `mapIdentity` says else. */
  subject: string;
  /** Login or preferred user name, when the upstream gives one. */
  username?: string;
  /** E-mail address, when the upstream gives one. */
  email?: string;
  /** Display name, when the upstream gives one. */
  name?: string;
  /** The upstream's raw user document (GitHub `/user`, OIDC userinfo). */
  raw: Record<string, unknown>;
}

/**
 * An upstream identity provider the users sign in with (federated login): where to send the
 * browser, where to exchange the code, and how to read who signed in. Made by the presets
 * `githubUpstream()`, `googleUpstream()` and `oidcUpstream()`; write your own for anything else.
 */
export interface McpUpstreamProvider {
  /** Short name, used in the callback URL and the principal (`github`). Letters, digits, `-`. */
  readonly name: string;
  /** What the sign-in button says (`GitHub`). */
  readonly label: string;
  /** The OAuth client id the app has at the upstream. */
  readonly clientId: string;
  /** Its client secret (sent with `client_secret_post`); omit for a public client. */
  readonly clientSecret?: string;
  /** Scopes asked from the upstream (`read:user`, `openid email`). */
  readonly scope: string;
  /** The upstream's authorization endpoint (found by discovery for OIDC). */
  authorizationEndpoint(): Promise<string>;
  /** The upstream's token endpoint. */
  tokenEndpoint(): Promise<string>;
  /**
   * Keep the user's upstream access and refresh tokens (encrypted at rest, in the authorization
   * server's store) so tools can act as them there: `ctx.auth.upstreamToken(name)`. Default
   * false: the upstream only identifies the user and its tokens are dropped.
   */
  readonly keepTokens?: boolean;
  /** Reads the identity of whoever the upstream access token belongs to. */
  identify(tokens: UpstreamTokens): Promise<Omit<McpUpstreamIdentity, 'subject'>>;
}

/** The upstream token response (what identity lookup and kept tokens need). */
export interface UpstreamTokens {
  access_token: string;
  id_token?: string;
  token_type?: string;
  /** Present when the upstream renews access (GitHub Apps with expiring tokens, OIDC `offline_access`). */
  refresh_token?: string;
  /** Seconds the access token lives, when the upstream says. */
  expires_in?: number;
}
