import { connectRetryFetch } from './discovery/connect-retry-fetch.js';
import { McpAuthError } from '../../errors/mcp-auth.error.js';
import { authorizeWithCode } from './authorization-code-flow.js';
import { obtainClientRegistration } from './client-registration.js';
import {
  discoverAuthorizationServer,
  legacyDefaultMetadata,
} from './discovery/authorization-server-discovery.js';
import type { OAuthFetch } from './discovery/fetch-json.js';
import type {
  AuthorizationServerMetadata,
  ProtectedResourceMetadata,
  TokenResponse,
} from './discovery/oauth-metadata.js';
import { discoverProtectedResource } from './discovery/protected-resource-discovery.js';
import { requestToken } from './discovery/token-endpoint.js';
import { readBearerChallenge, type BearerChallenge } from './discovery/www-authenticate.js';
import type {
  McpHttpAuth,
  McpHttpAuthChallenge,
  McpHttpAuthRequest,
  McpHttpAuthResponse,
} from './http-auth.interface.js';
import { InMemoryOAuthStore } from './in-memory-oauth-store.js';
import type { McpOAuthClientOptions } from './mcp-oauth-client.options.js';
import type {
  McpOAuthClientRegistration,
  McpOAuthStore,
  McpOAuthTokens,
} from './oauth-store.interface.js';
import { canonicalResource, checkResource } from './resource-indicator.js';
import { selectScopes, unionScopes } from './scope-selection.js';

/** What discovery found out about the protected resource and its authorization server. */
export interface McpOAuthContext {
  /** The MCP server's URL. */
  serverUrl: URL;
  /** The RFC 8707 `resource` to send: the PRM's `resource` as published, else the server URL. */
  resource: string;
  /** The Protected Resource Metadata, when the server publishes one. */
  protectedResource?: ProtectedResourceMetadata | undefined;
  /** The authorization server's issuer identifier (validated against its metadata). */
  issuer: string;
  metadata: AuthorizationServerMetadata;
}

/**
 * McpClient as an OAuth 2.1 client, as the MCP authorization spec defines it: the `auth` of the
 * Streamable HTTP and legacy SSE client transports. On a 401 it discovers the Protected Resource
 * Metadata and the authorization server (issuer checked), refuses a resource that is not this
 * server's, registers (pre-registered, Client ID Metadata Document, or Dynamic Client
 * Registration), runs the authorization code flow with PKCE S256, `state`, RFC 9207 `iss` and
 * RFC 8707 `resource` through its {@link McpOAuthInteraction}, and keeps the tokens in its
 * {@link McpOAuthStore}. Expiring tokens are refreshed; a 403 `insufficient_scope` re-authorizes
 * with the union of scopes (bounded); a server that moved to another authorization server gets a
 * fresh registration there, never the old credentials.
 *
 * Subclasses change one step through the protected methods: {@link acquireTokens} (another
 * grant), {@link authorizationHeaders} and {@link tokenRequestHeaders} (e.g. DPoP),
 * `clientAuthenticators` (e.g. `private_key_jwt`).
 * @example
 * ```ts
 * const auth = new McpOAuthClient({ interaction: new LoopbackOAuthInteraction() });
 * const client = new McpClient({ transport: new StreamableHttpClientTransport(url, { auth }) });
 * ```
 */
export class McpOAuthClient implements McpHttpAuth {
  /** Where tokens and registrations live. */
  protected readonly store: McpOAuthStore;
  /** The `fetch` of metadata, registration and token requests. */
  protected readonly fetchFn: OAuthFetch;
  private serverUrl?: URL;
  private context?: McpOAuthContext;
  private inflight?: Promise<void>;
  private stepUps = 0;
  private authorizations = 0;

  constructor(protected readonly options: McpOAuthClientOptions = {}) {
    this.store = options.store ?? new InMemoryOAuthStore();
    this.fetchFn = options.fetch ?? connectRetryFetch;
    if (options.serverUrl !== undefined) this.serverUrl = withoutQuery(new URL(options.serverUrl));
  }

  /** What the last discovery found (undefined before the first). */
  get discovered(): McpOAuthContext | undefined {
    return this.context;
  }

  /** {@inheritDoc McpHttpAuth.headersFor} */
  async headersFor(request: McpHttpAuthRequest): Promise<Record<string, string>> {
    const serverUrl = this.serverOf(request.url);
    if (this.inflight) await this.inflight.catch(() => undefined);
    let tokens = await this.store.getTokens(canonicalResource(serverUrl));
    if (!tokens) return {};
    if (this.expiring(tokens) && tokens.refreshToken) {
      tokens = await this.serialized(() => this.refreshQuietly(serverUrl)).then(
        () => this.store.getTokens(canonicalResource(serverUrl)),
        () => tokens,
      );
      if (!tokens) return {};
    }
    return this.authorizationHeaders(tokens, request);
  }

  /** {@inheritDoc McpHttpAuth.onChallenge} */
  async onChallenge(challenge: McpHttpAuthChallenge): Promise<boolean> {
    const bearer = readBearerChallenge(challenge.wwwAuthenticate);
    const serverUrl = this.serverOf(challenge.url);
    if (challenge.status === 403 && bearer?.error !== 'insufficient_scope') return false;
    if (this.inflight) {
      // another request is being authorized: retry this one with what it brings
      await this.inflight;
      return true;
    }
    await this.serialized(() =>
      challenge.status === 403
        ? this.stepUp(serverUrl, bearer!)
        : this.reauthorize(serverUrl, bearer),
    );
    return true;
  }

  /** {@inheritDoc McpHttpAuth.onResponse} */
  onResponse(response: McpHttpAuthResponse): void {
    if (response.status >= 200 && response.status < 300) {
      this.stepUps = 0;
      this.authorizations = 0;
    }
  }

  /** Forgets the tokens of the server (the next request starts a new authorization). */
  async signOut(): Promise<void> {
    if (this.serverUrl) await this.store.setTokens(canonicalResource(this.serverUrl), undefined);
  }

  /**
   * The headers presenting `tokens` on one request: `Authorization: Bearer …`, or `DPoP …` for a
   * DPoP-bound token (RFC 9449 §7.1; `withDpop` adds the proof). Override for another presentation.
   */
  protected async authorizationHeaders(
    tokens: McpOAuthTokens,
    _request: McpHttpAuthRequest,
  ): Promise<Record<string, string>> {
    const scheme = tokens.tokenType.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
    return { authorization: `${scheme} ${tokens.accessToken}` };
  }

  /** Extra headers of a token request (none; a DPoP proof in a subclass). */
  protected async tokenRequestHeaders(_context: McpOAuthContext): Promise<Record<string, string>> {
    return {};
  }

  /**
   * Gets new tokens for `scopes`: the authorization code flow with PKCE through the
   * interaction. Override for another grant (client credentials, token exchange, ...).
   */
  protected async acquireTokens(
    context: McpOAuthContext,
    scopes: string[],
  ): Promise<TokenResponse> {
    return authorizeWithCode(context, scopes, {
      interaction: this.options.interaction,
      clientFor: (ctx, redirectUri) => this.clientFor(ctx, redirectUri),
      tokenEndpoint: (ctx, client, params) => this.tokenEndpoint(ctx, client, params),
    });
  }

  /** One token request at the context's token endpoint with the client's authentication. */
  protected async tokenEndpoint(
    context: McpOAuthContext,
    client: McpOAuthClientRegistration,
    params: Record<string, string | undefined>,
  ): Promise<TokenResponse> {
    if (!context.metadata.token_endpoint) {
      throw new McpAuthError(
        `Authorization server ${context.issuer} has no token endpoint`,
        'invalid_metadata',
      );
    }
    return requestToken(this.fetchFn, {
      tokenEndpoint: new URL(context.metadata.token_endpoint),
      issuer: context.issuer,
      params,
      client,
      method: client.tokenEndpointAuthMethod ?? 'none',
      authenticators: this.options.clientAuthenticators,
      headers: await this.tokenRequestHeaders(context),
    });
  }

  /** The registration of this client at the context's server: stored, else obtained and stored. */
  protected async clientFor(
    context: McpOAuthContext,
    redirectUri: string,
  ): Promise<McpOAuthClientRegistration> {
    const stored = await this.store.getClient(context.issuer);
    if (stored && stored.issuer === context.issuer) return stored;
    const client = await obtainClientRegistration(
      this.fetchFn,
      context.issuer,
      context.metadata,
      redirectUri,
      this.options,
    );
    await this.store.setClient(context.issuer, client);
    return client;
  }

  /**
   * Discovers the resource and its authorization server: Protected Resource Metadata (the
   * challenge's `resource_metadata` first), its `resource` checked against the server URL, the
   * first authorization server's metadata (issuer checked). A server without PRM is a
   * 2025-03-26 one: its origin is the authorization server, with the default endpoints when it
   * has no metadata either.
   */
  protected async discover(serverUrl: URL, challenge?: BearerChallenge): Promise<McpOAuthContext> {
    const found = await discoverProtectedResource(
      this.fetchFn,
      serverUrl,
      challenge?.resourceMetadata,
    );
    let resource = canonicalResource(serverUrl);
    let issuer = serverUrl.origin;
    if (found) {
      resource = checkResource(found.metadata.resource, serverUrl);
      const first = found.metadata.authorization_servers?.[0];
      if (!first) {
        throw new McpAuthError(
          `The protected resource metadata at ${found.url.href} names no authorization server`,
          'discovery_failed',
        );
      }
      issuer = first;
    }
    const metadata = await discoverAuthorizationServer(this.fetchFn, issuer).catch((error) => {
      // a 2025-03-26 server without any metadata: the default endpoints at its origin
      if (found || (error as McpAuthError).code !== 'discovery_failed') throw error;
      return legacyDefaultMetadata(issuer);
    });
    this.context = { serverUrl, resource, protectedResource: found?.metadata, issuer, metadata };
    return this.context;
  }

  private async reauthorize(serverUrl: URL, challenge: BearerChallenge | undefined): Promise<void> {
    const key = canonicalResource(serverUrl);
    const context = await this.discover(serverUrl, challenge);
    let tokens = await this.store.getTokens(key);
    if (tokens && tokens.issuer !== context.issuer) {
      // the server moved to another authorization server: nothing of the old one is reused
      await this.store.setTokens(key, undefined);
      tokens = undefined;
    }
    if (tokens?.refreshToken) {
      try {
        await this.refresh(context, tokens);
        return;
      } catch (error) {
        if (!(error instanceof McpAuthError)) throw error;
        await this.store.setTokens(key, undefined); // refresh refused: authorize anew
      }
    }
    if (++this.authorizations > (this.options.maxAuthorizations ?? 3)) {
      throw new McpAuthError(
        `The server keeps refusing new tokens (${this.authorizations - 1} authorizations in a row): giving up`,
        'authorization_loop',
        401,
      );
    }
    const scopes = unionScopes(
      tokens?.scopes.filter((s) => s !== 'offline_access'),
      selectScopes({
        challenged: challenge?.scope,
        resourceScopes: context.protectedResource?.scopes_supported,
        serverScopes: context.metadata.scopes_supported,
        offlineAccess: this.options.offlineAccess ?? true,
      }),
    );
    await this.store.setTokens(
      key,
      this.tokensOf(await this.acquireTokens(context, scopes), context, scopes),
    );
  }

  private async stepUp(serverUrl: URL, challenge: BearerChallenge): Promise<void> {
    const key = canonicalResource(serverUrl);
    const context = this.context ?? (await this.discover(serverUrl, challenge));
    const tokens = await this.store.getTokens(key);
    const granted = tokens?.scopes ?? [];
    const wanted = challenge.scope ?? [];
    const max = this.options.maxStepUps ?? 2;
    if (wanted.length === 0 || wanted.every((s) => granted.includes(s)) || this.stepUps >= max) {
      const why =
        this.stepUps >= max
          ? `after ${this.stepUps} step-up authorization(s)`
          : wanted.length === 0
            ? 'and names no scope to ask for'
            : `although the token already has ${wanted.join(' ')}`;
      throw new McpAuthError(
        `The server refuses the request for insufficient scope ${why}: giving up` +
          (challenge.errorDescription ? ` (${challenge.errorDescription})` : ''),
        'insufficient_scope',
        403,
      );
    }
    this.stepUps++;
    const scopes = unionScopes(granted, wanted);
    await this.store.setTokens(
      key,
      this.tokensOf(await this.acquireTokens(context, scopes), context, scopes),
    );
  }

  private async refreshQuietly(serverUrl: URL): Promise<void> {
    const tokens = await this.store.getTokens(canonicalResource(serverUrl));
    if (!tokens?.refreshToken || !this.expiring(tokens)) return;
    const context = this.context ?? (await this.discover(serverUrl));
    if (context.issuer !== tokens.issuer) return;
    await this.refresh(context, tokens);
  }

  private async refresh(context: McpOAuthContext, tokens: McpOAuthTokens): Promise<void> {
    const client = await this.store.getClient(context.issuer);
    if (!client) throw new McpAuthError('No client registration to refresh with', 'invalid_client');
    const answer = await this.tokenEndpoint(context, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      resource: context.resource,
    });
    const fresh = this.tokensOf(answer, context, tokens.scopes);
    fresh.refreshToken ??= tokens.refreshToken;
    await this.store.setTokens(canonicalResource(context.serverUrl), fresh);
  }

  private tokensOf(
    answer: TokenResponse,
    context: McpOAuthContext,
    asked: string[],
  ): McpOAuthTokens {
    return {
      accessToken: answer.access_token,
      tokenType: answer.token_type,
      refreshToken: answer.refresh_token,
      expiresAt:
        answer.expires_in !== undefined ? Date.now() + answer.expires_in * 1000 : undefined,
      scopes: answer.scope !== undefined ? answer.scope.split(' ').filter(Boolean) : asked,
      issuer: context.issuer,
    };
  }

  private expiring(tokens: McpOAuthTokens): boolean {
    return (
      tokens.expiresAt !== undefined &&
      tokens.expiresAt - (this.options.refreshSkewMs ?? 30_000) <= Date.now()
    );
  }

  /** The server URL: the configured one, else the first request's (without query). */
  private serverOf(url: URL): URL {
    this.serverUrl ??= withoutQuery(url);
    return this.serverUrl;
  }

  /** Runs `step` alone: one discovery/authorization/refresh at a time. */
  private async serialized(step: () => Promise<void>): Promise<void> {
    while (this.inflight) await this.inflight.catch(() => undefined);
    const run = step();
    this.inflight = run;
    try {
      await run;
    } finally {
      if (this.inflight === run) this.inflight = undefined;
    }
  }
}

function withoutQuery(url: URL): URL {
  const copy = new URL(url.href);
  copy.search = '';
  copy.hash = '';
  return copy;
}
