import type { AesKeyInput } from '../engine/aes-gcm-key-ring.js';
import type { WindowCounters } from '../stores/limit-counters.interface.js';
import type { McpDocumentFetchLimits } from './document-fetch-gate.js';
import type { McpRateLimit } from './fixed-window-limiter.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';
import type {
  McpUpstreamIdentity,
  McpUpstreamProvider,
} from './upstream/upstream-provider.interface.js';

/** A client known in advance (your own web app, a desktop client you ship). */
export interface McpAuthorizationServerClient {
  clientId: string;
  /** For a confidential client (`client_secret_basic`); omit for a public client (PKCE only). */
  clientSecret?: string;
  /** Exact redirect URIs (native loopback URIs match on any port, RFC 8252 §7.3). */
  redirectUris: string[];
  /** Shown on the consent page. Default the client id. */
  name?: string;
  /** `'web'` (https redirects) or `'native'` (loopback or private-use scheme). Default `'web'`. */
  applicationType?: 'web' | 'native';
  /** Skip the consent page for this client (first-party). Default false. */
  firstParty?: boolean;
}

/** What {@link McpAuthorizationServerOptions.mapIdentity} may decide for a signed-in user. */
export interface McpIdentityDecision {
  /** The principal (`sub`) to use instead of `<provider>:<id>`. */
  subject?: string;
  /** The most this user may be granted (a subset of `scopes`); default all of them. */
  scopes?: string[];
}

/** Client ID Metadata Documents (a client id that is an https URL of its metadata). */
export interface McpClientIdMetadataOptions {
  /** Fetch documents from private, loopback and other special-use addresses. Default false. */
  allowPrivateAddresses?: boolean;
  /** Largest document, bytes. Default 5120. */
  maxBytes?: number;
  /** Longest fetch, milliseconds. Default 2500. */
  timeoutMs?: number;
  /**
   * The fetch documents are read with (a proxy, a private CA). It receives the engine's SSRF-safe
   * `dispatcher` in its init unless `allowPrivateAddresses`. Default: the global `fetch`.
   */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Accept only some client ids (an allow-list of hosts, say). Default: any https URL. */
  allowClientId?: (clientId: string) => boolean | Promise<boolean>;
  /**
   * Budgets of the fetches (documents are cached once fetched): per client address (default 10
   * a minute), in total (default 100 a minute), and how long a document that failed is not
   * tried again (default 60 s). Over a budget the authorization is refused without a fetch.
   */
  fetchLimits?: McpDocumentFetchLimits;
}

/** Dynamic Client Registration (RFC 7591). */
export interface McpRegistrationOptions {
  /** Default true. */
  enabled?: boolean;
  /**
   * Accept `jwks_uri`, `sector_identifier_uri` and the other URIs the server fetches on loopback,
   * private and other special-use addresses (development). They must be `https` either way.
   * Default false: refused with `invalid_client_metadata`, and the fetch itself refuses them.
   */
  allowPrivateAddresses?: boolean;
  /**
   * Checks or rewrites the metadata a client registers with, after the built-in rules
   * (`application_type`, redirect URIs). Throw to refuse: the message is the
   * `invalid_client_metadata` description.
   */
  policy?: (
    metadata: Record<string, unknown>,
    request: { address: string | undefined },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** A downstream API the server exchanges access tokens for (RFC 8693). */
export interface McpTokenExchangeAudience {
  /** Its resource identifier, the issued token's `aud` (`https://api.internal`). */
  resource: string;
  /** The scopes a token for it may carry (narrowed to the subject token's). */
  scopes: string[];
}

/** RFC 8693 token exchange at the token endpoint and through `ctx.auth.exchangeToken()`. */
export interface McpTokenExchangeOptions {
  /** The downstream APIs tokens are exchanged for; any other target is `invalid_target`. */
  audiences: McpTokenExchangeAudience[];
  /**
   * The pre-registered clients (`clients[].clientId`) allowed to use the grant at the token
   * endpoint; any other client is refused. Default none (in-process exchange only).
   */
  clients?: string[];
  /** The issued tokens' lifetime, seconds. Default 120. */
  ttlSeconds?: number;
}

/**
 * Options of the authorization server (`McpAuthorizationServerModule.forRoot`): the Nest app
 * becomes an OAuth 2.1 authorization server for its own MCP endpoint, signing users in with the
 * team's identity provider.
 */
export interface McpAuthorizationServerOptions {
  /** Its issuer: the app's public origin, `https://mcp.example.com` (no path). */
  issuer: string;
  /** The MCP endpoint's public URL, the tokens' audience (`https://mcp.example.com/mcp`). */
  resource: string;
  /** The scopes the MCP server knows (`notes:read`, `notes:write`). */
  scopes: string[];
  /** Descriptions shown on the consent page, by scope. */
  scopeDescriptions?: Record<string, string>;
  /** Where users sign in: `githubUpstream()`, `googleUpstream()`, `oidcUpstream()`, or several. */
  upstream: McpUpstreamProvider | McpUpstreamProvider[];
  /** Maps an upstream identity to the principal and the scopes it may have. Default: all. */
  mapIdentity?: (
    identity: McpUpstreamIdentity,
  ) => McpIdentityDecision | undefined | Promise<McpIdentityDecision | undefined>;
  /** Clients registered in advance. */
  clients?: McpAuthorizationServerClient[];
  /** Dynamic Client Registration. Default enabled, with the built-in rules. */
  registration?: McpRegistrationOptions;
  /** Client ID Metadata Documents; `false` turns them off. Default on, public addresses only. */
  clientIdMetadataDocuments?: McpClientIdMetadataOptions | false;
  /**
   * Where codes, tokens, grants, sessions and the revocation list live. Default: a Redis store
   * on `McpModule`'s `redis` connection when it has one (shared by every instance), else
   * `inMemoryAuthorizationStore()` (one instance).
   */
  store?: McpAuthorizationStore;
  /**
   * Private signing keys (JWK, with `kid` and `alg`), newest first: the first signs, all are
   * published at the JWKS. Rotate by putting a new key first and removing the oldest once its
   * tokens expired. Default: one ES256 key made at startup (one instance only).
   */
  signingKeys?: Array<Record<string, unknown>>;
  /**
   * Keys of the signed cookies and CSRF tokens, newest first. Default: random at startup (one
   * instance only; set them for several instances).
   */
  cookieKeys?: string[];
  /**
   * The upstream tokens kept for tools (upstreams with `keepTokens`): `keys`, 32-byte AES keys
   * (Buffer, 64 hex digits or base64), newest first: the first seals, all open (rotation: put a
   * new key first, keep the old ones while records they sealed may be read). Share them between
   * instances. Default: one random key made at startup (kept tokens are lost on restart).
   */
  upstreamTokens?: { keys?: ReadonlyArray<AesKeyInput> };
  /**
   * RFC 8693 token exchange: an access token of this server traded for a short-lived token of a
   * downstream API that trusts this issuer (same user, narrowed scopes, `act` naming the actor).
   * Default off.
   */
  tokenExchange?: McpTokenExchangeOptions;
  /** Access token lifetime, seconds. Default 300. */
  accessTokenTtlSeconds?: number;
  /** Refresh token lifetime, seconds. Default 14 days. */
  refreshTokenTtlSeconds?: number;
  /**
   * Per-address budgets of the registration and token endpoints (429 with `Retry-After`), the
   * address being the one the framework's trust-proxy setting resolves;
   * `false` turns them off. Default registration 20 per minute, token 120 per minute,
   * authorization (`/oauth/authorize`, which may fetch a metadata document) 30 per minute.
   */
  rateLimits?:
    { registration?: McpRateLimit; token?: McpRateLimit; authorization?: McpRateLimit } | false;
  /**
   * Counters shared by the instances (e.g. `new RedisLimitCounters(connection)`), so the
   * `rateLimits` budgets hold for the whole service. Default: the app's `McpModule` Redis when it
   * has one, else each instance counts its own.
   */
  rateLimitCounters?: WindowCounters;
  /**
   * Behind a proxy: the engine reads `X-Forwarded-Proto`/`-Host` (secure cookies). Client
   * addresses (rate limits) follow the framework's own trust-proxy setting (Express
   * `trust proxy`, Fastify `trustProxy`), never this flag. Default false.
   */
  trustProxy?: boolean;
}
