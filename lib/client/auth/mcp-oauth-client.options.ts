import type { ClientAuthenticator } from './client-authentication.js';
import type { OAuthFetch } from './discovery/fetch-json.js';
import type { McpOAuthInteraction } from './oauth-interaction.interface.js';
import type { McpOAuthStore } from './oauth-store.interface.js';

/** A client registered beforehand with the authorization server (no dynamic registration). */
export interface McpPreRegisteredClient {
  clientId: string;
  clientSecret?: string | undefined;
  /** Default: `client_secret_basic` (or `_post` when that is all the server lists) with a secret, `none` without. */
  tokenEndpointAuthMethod?: string | undefined;
  /** The issuer it is registered at; given, it is never presented to another server. */
  issuer?: string | undefined;
}

/** Options of {@link McpOAuthClient}. */
export interface McpOAuthClientOptions {
  /**
   * The user's part (authorization URL out, redirect back). Needed for the authorization code
   * flow; e.g. `new LoopbackOAuthInteraction()`.
   */
  interaction?: McpOAuthInteraction | undefined;
  /**
   * The MCP server's URL: the key of the stored tokens and the base of discovery. Default: the
   * URL of the first request the transport sends (give it to reuse persisted tokens at once).
   */
  serverUrl?: string | URL | undefined;
  /** Where tokens and client registrations are kept. Default: a new `InMemoryOAuthStore`. */
  store?: McpOAuthStore | undefined;
  /** Pre-registered client credentials, used before any registration. */
  client?: McpPreRegisteredClient | undefined;
  /**
   * The HTTPS URL of this client's Client ID Metadata Document: used as `client_id` when the
   * authorization server says `client_id_metadata_document_supported`.
   */
  clientMetadataUrl?: string | undefined;
  /**
   * Dynamic Client Registration (RFC 7591) metadata sent with the defaults (`client_name`,
   * `redirect_uris`, grant and response types, `token_endpoint_auth_method`, `application_type`).
   */
  clientMetadata?: Record<string, unknown> | undefined;
  /** `application_type` of the registration. Default: `native` for a loopback redirect, else `web`. */
  applicationType?: 'native' | 'web' | undefined;
  /** Ask for `offline_access` when the authorization server lists it. Default `true`. */
  offlineAccess?: boolean | undefined;
  /**
   * Step-up authorizations (403 `insufficient_scope`) in a row without a successful response
   * before giving up with an `McpAuthError`. Default 2.
   */
  maxStepUps?: number | undefined;
  /**
   * Authorizations in a row without a successful response (each 401 starts one) before giving up.
   * Default 3.
   */
  maxAuthorizations?: number | undefined;
  /** Refresh an access token this long before it expires (ms). Default 30 000. */
  refreshSkewMs?: number | undefined;
  /** Token endpoint auth methods beyond `client_secret_basic`, `client_secret_post`, `none`. */
  clientAuthenticators?: Readonly<Record<string, ClientAuthenticator>> | undefined;
  /**
   * The `fetch` for metadata, registration and token requests. Default: the global `fetch`,
   * sending a request again (twice at most) when its connection was never made (a timeout while
   * connecting on a loaded machine); a refused connection fails at once.
   */
  fetch?: OAuthFetch | undefined;
}
